-- Drives Neovim's built-in LSP client (Debian's 0.7) against
-- transformers-tidy-lsp for clients.lsp-neovim; lsp_neovim.py runs it as
--   nvim --headless --clean -c 'luafile neovim.lua'
-- with TT_NVIM_PARAMS naming a JSON file:
--   init        Lua to load first: the set-up that starts the server
--               (docs/editors.md's, or Neovim's defaults)
--   encoding    the offset encoding the client must end up with
--   versioned   whether the edits must be versioned documentChanges
--   quickfix    {file, findings}: the one finding's quick fix is applied
--   fixall      {file, findings}: :TransformersTidyFixAll is run
--   timeout_ms  for every wait
-- A finding is {line, col, text}: 0-based line, byte column and the text
-- its range covers, as `transformers-migrate` reports it. Every buffer is
-- written after its fix; lsp_neovim.py compares the files with --fix's.
-- Exits 0 when every step passed, else 1 after saying why on stderr.

local P = vim.fn.json_decode(
  table.concat(vim.fn.readfile(os.getenv('TT_NVIM_PARAMS')), '\n'))

local function say(fmt, ...)
  io.stderr:write(string.format(fmt, ...) .. '\n')
end

local function check(cond, fmt, ...)
  if not cond then
    error(string.format(fmt, ...), 0)
  end
end

local function wait(what, cond)
  check(vim.wait(P.timeout_ms, cond, 20), 'timed out waiting for %s', what)
end

local function our_client(bufnr)
  for _, c in pairs(vim.lsp.buf_get_clients(bufnr)) do
    if c.name == 'transformers-tidy' then
      return c
    end
  end
end

-- Our diagnostics of the buffer in Neovim's form (byte columns), in order.
local function ours(bufnr)
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    if d.source == 'transformers-tidy' then
      table.insert(out, d)
    end
  end
  table.sort(out, function(a, b)
    return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col)
  end)
  return out
end

-- Opens the file, waits for the server and for the findings, checks them.
local function open(case)
  vim.cmd('edit ' .. vim.fn.fnameescape(case.file))
  local bufnr = vim.api.nvim_get_current_buf()
  check(vim.bo[bufnr].filetype == 'cpp', '%s: filetype %q, not cpp',
    case.file, vim.bo[bufnr].filetype)
  wait('the server to start and initialize', function()
    local c = our_client(bufnr)
    return c and c.initialized
  end)
  local client = our_client(bufnr)
  check(client.offset_encoding == P.encoding,
    'offset encoding %s, expected %s', client.offset_encoding, P.encoding)
  wait(#case.findings .. ' diagnostics in ' .. case.file, function()
    return #ours(bufnr) >= #case.findings
  end)
  local got = ours(bufnr)
  check(#got == #case.findings, '%d diagnostics, expected %d', #got,
    #case.findings)
  for i, want in ipairs(case.findings) do
    local d = got[i]
    local line = vim.api.nvim_buf_get_lines(bufnr, d.lnum, d.lnum + 1,
      true)[1]
    local text = d.lnum == d.end_lnum and line:sub(d.col + 1, d.end_col)
    check(d.lnum == want[1] and d.col == want[2] and text == want[3],
      'diagnostic %d at %d:%d covering %q, expected %d:%d covering %q', i,
      d.lnum, d.col, tostring(text), want[1], want[2], want[3])
    check(d.code == 'transformers-legacy-cache', 'diagnostic code %s',
      tostring(d.code))
    local href = d.user_data.lsp.codeDescription
        and d.user_data.lsp.codeDescription.href or ''
    check(href:match('legacy%-cache'), 'codeDescription %q', href)
  end
  say('%s: %d diagnostics at the findings of transformers-migrate',
    vim.fn.fnamemodify(case.file, ':t'), #got)
  return bufnr, client, got
end

local function check_edit(edit, bufnr)
  if P.versioned then
    local change = edit.documentChanges and edit.documentChanges[1]
    check(change and #edit.documentChanges == 1,
      'expected versioned documentChanges for one document: %s',
      vim.inspect(edit))
    check(change.textDocument.uri == vim.uri_from_bufnr(bufnr) and
      change.textDocument.version == vim.lsp.util.buf_versions[bufnr],
      'edit for %s version %s, the buffer is %s version %s',
      change.textDocument.uri, tostring(change.textDocument.version),
      vim.uri_from_bufnr(bufnr), tostring(vim.lsp.util.buf_versions[bufnr]))
  else
    check(edit.changes and edit.changes[vim.uri_from_bufnr(bufnr)] and
      not edit.documentChanges, 'expected changes for the buffer: %s',
      vim.inspect(edit))
  end
end

-- After an edit, the server analyses the new version: nothing is left.
local function expect_clean(bufnr)
  wait('the diagnostics to clear after the fix', function()
    return #ours(bufnr) == 0
  end)
  vim.cmd('silent write')
end

-- The quick fix of the finding under the cursor, as a user's
-- vim.lsp.buf.code_action() asks for it, applied as Neovim applies it.
local function quick_fix(case)
  local bufnr, client, diags = open(case)
  local d = diags[1]
  vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
  local params = vim.lsp.util.make_range_params(nil, client.offset_encoding)
  params.context = {
    diagnostics = vim.lsp.diagnostic.get_line_diagnostics(bufnr),
  }
  local responses = vim.lsp.buf_request_sync(bufnr,
    'textDocument/codeAction', params, P.timeout_ms)
  local response = responses and responses[client.id]
  check(response and not response.err, 'codeAction failed: %s',
    vim.inspect(response))
  local fixes = {}
  for _, action in ipairs(response.result or {}) do
    if action.kind == 'quickfix' then
      table.insert(fixes, action)
    end
  end
  check(#fixes == 1, 'expected one quick fix, got %s',
    vim.inspect(response.result))
  check_edit(fixes[1].edit, bufnr)
  vim.lsp.util.apply_workspace_edit(fixes[1].edit, client.offset_encoding)
  say('%s: applied %q', vim.fn.fnamemodify(case.file, ':t'), fixes[1].title)
  expect_clean(bufnr)
end

-- :TransformersTidyFixAll, i.e. vim.lsp.buf.code_action() asking for
-- source.fixAll.transformers-tidy; the user picks the one action offered.
local function fix_all(case)
  local bufnr = open(case)
  local offered, bad
  vim.ui.select = function(items, _, on_choice)
    offered = items
    bad = #items ~= 1 and ('expected one action, got ' .. vim.inspect(items))
    if not bad then
      local ok, err = pcall(check_edit, items[1][2].edit, bufnr)
      bad = not ok and err
    end
    on_choice(not bad and items[1] or nil)
  end
  local tick = vim.api.nvim_buf_get_changedtick(bufnr)
  vim.cmd('TransformersTidyFixAll')
  wait('the fix-all action', function()
    return bad or (offered and vim.api.nvim_buf_get_changedtick(bufnr) > tick)
  end)
  check(not bad, '%s', tostring(bad))
  say('%s: applied %q', vim.fn.fnamemodify(case.file, ':t'),
    offered[1][2].title)
  expect_clean(bufnr)
end

local ok, err = pcall(function()
  dofile(P.init)
  quick_fix(P.quickfix)
  fix_all(P.fixall)
end)
if ok then
  say('PASS')
  vim.cmd('qall!')
else
  say('FAIL: %s', tostring(err))
  vim.cmd('cquit 1')
end
