"""Build settings of the transformers-tidy aspect (strings and string lists).

Bazel has no built-in provider for a Starlark build setting's value (skylib's
BuildSettingInfo is the usual one); this one keeps the rules free of
dependencies.
"""

TransformersTidySettingInfo = provider(
    doc = "The value of a transformers-tidy build setting.",
    fields = {"value": "the setting's value (a string or a list of strings)"},
)

def _setting_impl(ctx):
    return [TransformersTidySettingInfo(value = ctx.build_setting_value)]

string_flag = rule(
    implementation = _setting_impl,
    build_setting = config.string(flag = True),
    doc = "A string set with --@transformers_tidy//:NAME=VALUE.",
)

string_list_flag = rule(
    implementation = _setting_impl,
    build_setting = config.string_list(flag = True),
    doc = "A comma-separated list set with --@transformers_tidy//:NAME=A,B.",
)
