"""transformers_tidy_aspect: the transformers clang-tidy checks as Bazel actions.

One action per C++ source file of every target the aspect visits (and, along
`deps`, of the targets those depend on in the same workspace), run with the
target's own compile command from the cc toolchain: include paths, defines,
the toolchain's flags, --copt/--cxxopt and the rule's copts. Each action
writes two files, both free of absolute paths so that they are the same on
every machine (remote caching and remote execution rely on it):

  <target>.transformers_tidy/<source>.txt   clang-tidy's diagnostics
  <target>.transformers_tidy/<source>.yaml  its export-fixes YAML

Output groups:
  transformers_tidy_report  both files of every source: collects, never fails
  transformers_tidy_fixes   the YAML files only (what apply_fixes.py applies)
  transformers_tidy_gate    fails the build on any finding (a CI gate)

    bazel build //... --aspects=@transformers_tidy//:defs.bzl%transformers_tidy_aspect \\
        --output_groups=transformers_tidy_gate

Targets of other repositories (external/) are not visited: their code is not
the user's to fix. Set-up: docs/integrations.md, "Bazel".
"""

load("@bazel_tools//tools/cpp:toolchain_utils.bzl", "find_cpp_toolchain")
load(":settings.bzl", "TransformersTidySettingInfo")

# Sources analysed as translation units. C files are left out: the checks
# are about C++ APIs.
_CXX_EXTENSIONS = ["cc", "cpp", "cxx", "c++", "C", "cp", "CPP"]

_TidyOutputsInfo = provider(
    doc = "The aspect's outputs of a target and of the targets it depends on.",
    fields = {
        "reports": "depset of diagnostics files",
        "fixes": "depset of export-fixes YAML files",
        "gates": "depset of the gate's stamp files",
    },
)

def _setting(ctx, name):
    return getattr(ctx.attr, name)[TransformersTidySettingInfo].value

def _single_file(ctx, attr_name, flag):
    files = getattr(ctx.attr, attr_name).files.to_list()
    if len(files) != 1:
        fail(("--@transformers_tidy//:%s must name a target with exactly one " +
              "file (it has %d); transformers_tidy_llvm in repositories.bzl " +
              "makes one") % (flag, len(files)))
    return files[0]

def _plugin_files(ctx):
    files = ctx.attr._plugin.files.to_list()
    loaded = [f for f in files if f.basename == "TransformersTidyModule.so"]
    if len(loaded) != 1 or len(files) < 2:
        fail("--@transformers_tidy//:plugin must name both files of the " +
             "plugin, TransformersTidyModule.so and " +
             "TransformersTidyModule-llvm<N>.so (it names %s); " % [f.basename for f in files] +
             "transformers_tidy_llvm in repositories.bzl makes such a target")
    return loaded[0], files

def _is_dropped(flag, dropped):
    for pattern in dropped:
        if pattern.endswith("*"):
            if flag.startswith(pattern[:-1]):
                return True
        elif flag == pattern:
            return True
    return False

def _rule_copts(ctx):
    copts = []
    for copt in getattr(ctx.rule.attr, "copts", []):
        for token in ctx.tokenize(copt):
            copts.append(ctx.expand_make_variables("copts", token, {}))
    return copts

def _compile_flags(ctx, target):
    """The target's C++ compile command, without the compiler, source and output."""
    cc_toolchain = find_cpp_toolchain(ctx)
    feature_configuration = cc_common.configure_features(
        ctx = ctx,
        cc_toolchain = cc_toolchain,
        requested_features = ctx.features,
        unsupported_features = ctx.disabled_features,
    )
    compilation_context = target[CcInfo].compilation_context
    defines = [compilation_context.defines]
    if hasattr(compilation_context, "local_defines"):
        defines.append(compilation_context.local_defines)
    variables = cc_common.create_compile_variables(
        feature_configuration = feature_configuration,
        cc_toolchain = cc_toolchain,
        user_compile_flags = ctx.fragments.cpp.copts + ctx.fragments.cpp.cxxopts +
                             _rule_copts(ctx),
        include_directories = compilation_context.includes,
        quote_include_directories = compilation_context.quote_includes,
        system_include_directories = compilation_context.system_includes,
        framework_include_directories = compilation_context.framework_includes,
        preprocessor_defines = depset(transitive = defines),
    )
    flags = cc_common.get_memory_inefficient_command_line(
        feature_configuration = feature_configuration,
        action_name = "c++-compile",
        variables = variables,
    )
    dropped = _setting(ctx, "_dropped_flags")
    inputs = depset(transitive = [compilation_context.headers, cc_toolchain.all_files])
    return [f for f in flags if not _is_dropped(f, dropped)], inputs

def _sources(ctx):
    sources = []
    for src in getattr(ctx.rule.attr, "srcs", []):
        for f in src.files.to_list():
            # Generated sources are left out: a fix could not edit them.
            if f.is_source and f.extension in _CXX_EXTENSIONS and not f.owner.workspace_name:
                sources.append(f)
    return sources

def _tidy_source(ctx, src, flags, header_inputs, tools):
    stem = "%s.transformers_tidy/%s" % (ctx.label.name, src.short_path)
    report = ctx.actions.declare_file(stem + ".txt")
    fixes = ctx.actions.declare_file(stem + ".yaml")
    clang_tidy, plugin, plugin_files, config = tools

    args = ctx.actions.args()
    args.add(report)
    args.add(fixes)
    args.add(clang_tidy)
    args.add("--load=" + plugin.path)
    args.add("--config-file=" + config.path)

    # The configuration's WarningsAsErrors would fail the analysis on a
    # finding, and a failed action caches nothing: the gate's own action
    # (check_report.sh) is what fails.
    args.add("--warnings-as-errors=-*")
    args.add("--quiet")
    checks = _setting(ctx, "_checks")
    if checks:
        args.add("--checks=" + checks)
    header_filter = _setting(ctx, "_header_filter")
    if header_filter:
        args.add("--header-filter=" + header_filter)
        exclude = _setting(ctx, "_exclude_header_filter")
        if exclude:
            args.add("--exclude-header-filter=" + exclude)
    args.add_all(_setting(ctx, "_extra_args"))
    args.add(src)
    args.add("--")
    args.add_all(flags)

    ctx.actions.run(
        executable = ctx.executable._run_tidy,
        arguments = [args],
        inputs = depset(
            direct = [src, clang_tidy, config] + plugin_files,
            transitive = [header_inputs],
        ),
        outputs = [report, fixes],
        mnemonic = "TransformersTidy",
        progress_message = "transformers-tidy %s" % src.short_path,
    )

    stamp = ctx.actions.declare_file(stem + ".ok")
    ctx.actions.run(
        executable = ctx.executable._check_report,
        arguments = [report.path, stamp.path],
        inputs = [report],
        outputs = [stamp],
        mnemonic = "TransformersTidyGate",
        progress_message = "transformers-tidy gate %s" % src.short_path,
    )
    return report, fixes, stamp

def _transformers_tidy_aspect_impl(target, ctx):
    dep_outputs = [
        dep[_TidyOutputsInfo]
        for dep in getattr(ctx.rule.attr, "deps", [])
        if _TidyOutputsInfo in dep
    ]
    reports, fixes, gates = [], [], []
    sources = [] if ctx.label.workspace_name or CcInfo not in target else _sources(ctx)
    if sources:
        tools = (
            _single_file(ctx, "_clang_tidy", "clang_tidy"),
        ) + _plugin_files(ctx) + (ctx.file._config,)
        flags, header_inputs = _compile_flags(ctx, target)
        for src in sources:
            report, fix, stamp = _tidy_source(ctx, src, flags, header_inputs, tools)
            reports.append(report)
            fixes.append(fix)
            gates.append(stamp)

    all_reports = depset(reports, transitive = [d.reports for d in dep_outputs])
    all_fixes = depset(fixes, transitive = [d.fixes for d in dep_outputs])
    all_gates = depset(gates, transitive = [d.gates for d in dep_outputs])
    return [
        _TidyOutputsInfo(reports = all_reports, fixes = all_fixes, gates = all_gates),
        OutputGroupInfo(
            transformers_tidy_report = depset(transitive = [all_reports, all_fixes]),
            transformers_tidy_fixes = all_fixes,
            transformers_tidy_gate = all_gates,
        ),
    ]

transformers_tidy_aspect = aspect(
    implementation = _transformers_tidy_aspect_impl,
    attr_aspects = ["deps"],
    fragments = ["cpp"],
    attrs = {
        "_cc_toolchain": attr.label(
            default = Label("@bazel_tools//tools/cpp:current_cc_toolchain"),
        ),
        "_clang_tidy": attr.label(default = Label("//:clang_tidy"), cfg = "exec"),
        "_plugin": attr.label(default = Label("//:plugin"), cfg = "exec"),
        "_config": attr.label(default = Label("//:config"), allow_single_file = True),
        "_checks": attr.label(default = Label("//:checks")),
        "_header_filter": attr.label(default = Label("//:header_filter")),
        "_exclude_header_filter": attr.label(default = Label("//:exclude_header_filter")),
        "_extra_args": attr.label(default = Label("//:extra_args")),
        "_dropped_flags": attr.label(default = Label("//:dropped_flags")),
        "_run_tidy": attr.label(
            default = Label("//:run_tidy.sh"),
            executable = True,
            allow_single_file = True,
            cfg = "exec",
        ),
        "_check_report": attr.label(
            default = Label("//:check_report.sh"),
            executable = True,
            allow_single_file = True,
            cfg = "exec",
        ),
    },
    toolchains = ["@bazel_tools//tools/cpp:toolchain_type"],
    incompatible_use_toolchain_transition = True,
)
