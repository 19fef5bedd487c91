// No #include at all: the command line's -include brings the library.
void forced_include(const transformers::LlamaForCausalLM &model,
                    const transformers::TokenIds &ids,
                    const transformers::LegacyCache &legacy) {
  model.forward(ids, legacy);
}
