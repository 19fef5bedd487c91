-- Neovim 0.7's defaults for clients.lsp-neovim's second run: a bare
-- vim.lsp.start_client, whose client offers no position encodings (so the
-- server keeps UTF-16, as does the client) and no versioned edits (so the
-- server sends `changes`).
local client_id = vim.lsp.start_client({
  name = 'transformers-tidy',
  cmd = { 'transformers-tidy-lsp' },
  root_dir = vim.fn.getcwd(),
})

vim.api.nvim_create_autocmd('FileType', {
  pattern = { 'c', 'cpp' },
  callback = function(args)
    vim.lsp.buf_attach_client(args.buf, client_id)
  end,
})

vim.api.nvim_create_user_command('TransformersTidyFixAll', function()
  vim.lsp.buf.code_action({ only = { 'source.fixAll.transformers-tidy' } })
end, {})
