;;; eglot-session.el --- eglot with transformers-tidy-lsp wrapping clangd -*- lexical-binding: t -*-

;; Run by lsp_emacs.py: emacs --batch -Q -l eglot-session.el, with
;;   TT_LSP_SERVER  transformers-tidy-lsp
;;   TT_CLANGD      the clangd it wraps (--clangd=)
;;   TT_SOURCE      the C++ file to visit (its project has a compile database)
;;   TT_TIMEOUT     seconds before Emacs gives up (default 90)
;; One eglot server for the buffer (eglot runs one per major mode and
;; project): `transformers-tidy-lsp --clangd=CLANGD -- ...'. The buffer must
;; show clangd's -Wunused-variable warning and the transformers-tidy finding
;; (flymake's diagnostics, from eglot); our quick fix, asked for with
;; `eglot-code-actions' and applied as eglot applies a chosen action, is
;; saved; then the finding is gone and clangd's warning stays. Exits 0 on
;; success, 1 on a failure, 77 without eglot, 3 on the overall timeout.

(require 'cl-lib)

(defun tt-fail (format-string &rest args)
  (message "FAIL: %s" (apply #'format format-string args))
  (kill-emacs 1))

;; Whatever waits, Emacs ends: timers run while it waits for output.
(let ((limit (string-to-number (or (getenv "TT_TIMEOUT") "90"))))
  (run-at-time limit nil
               (lambda ()
                 (message "FAIL: no result after %d seconds" limit)
                 (kill-emacs 3))))

;; Debian's elpa-eglot installs under /usr/share/emacs/site-lisp/elpa, which
;; -Q leaves out of the package directories.
(setq package-directory-list '("/usr/share/emacs/site-lisp/elpa"))
(package-initialize)
(unless (require 'eglot nil t)
  (message "SKIP: eglot is not installed (Debian: elpa-eglot)")
  (kill-emacs 77))
(require 'flymake)

(defvar tt-source (or (getenv "TT_SOURCE") (tt-fail "TT_SOURCE is not set")))
(defvar tt-root (file-name-directory (directory-file-name
                                      (file-name-directory tt-source))))

(setq make-backup-files nil
      eglot-sync-connect t
      eglot-connect-timeout 60
      ;; The project is the scratch directory, not a repository above it.
      project-find-functions (list (lambda (_dir) (cons 'transient tt-root)))
      eglot-server-programs
      `((c++-mode . (,(getenv "TT_LSP_SERVER")
                     ,(concat "--clangd=" (getenv "TT_CLANGD"))
                     "--" "--log=error" "--background-index=false"))))

(defun tt-diagnostics ()
  "The buffer's flymake diagnostics, as \"TEXT\" strings."
  ;; In batch mode no command runs, so flymake is started by hand; eglot's
  ;; backend hands it what the server last published.
  (flymake-start)
  (mapcar #'flymake-diagnostic-text (flymake-diagnostics)))

(defun tt-wait-for (what predicate seconds)
  "Waits (reading the server's output) until PREDICATE holds."
  (let ((deadline (+ (float-time) seconds)))
    (while (not (funcall predicate))
      (when (> (float-time) deadline)
        (tt-fail "no %s after %d s; flymake has %S" what seconds
                 (tt-diagnostics)))
      (accept-process-output nil 0.2))))

(defun tt-has (regexp)
  (cl-some (lambda (text) (string-match-p regexp text)) (tt-diagnostics)))

(find-file tt-source)
(unless (derived-mode-p 'c++-mode)
  (c++-mode))
(apply #'eglot (eglot--guess-contact))
(unless (eglot-current-server)
  (tt-fail "eglot did not connect"))
(message "eglot connected to %S"
         (plist-get (eglot--server-info (eglot-current-server)) :name))

;; 1. Both servers' diagnostics in this one buffer.
(tt-wait-for "clangd warning and transformers-tidy finding"
             (lambda ()
               (and (tt-has "^clang \\[-Wunused-variable\\]: Unused variable")
                    (tt-has "^transformers-tidy \\[transformers-legacy-cache\\]")))
             60)
(message "DIAGNOSTICS: %S" (tt-diagnostics))

;; 2. Our quick fix, from eglot's code actions at the finding.
(let* ((ours (cl-find-if (lambda (d)
                           (string-match-p "^transformers-tidy"
                                           (flymake-diagnostic-text d)))
                         (flymake-diagnostics)))
       (actions (eglot-code-actions (flymake-diagnostic-beg ours)
                                    (flymake-diagnostic-end ours)
                                    "quickfix"))
       (fix (cl-find-if (lambda (a)
                          (string-match-p "legacy tuple-shaped KV cache"
                                          (plist-get a :title)))
                        actions)))
  (message "CODE ACTIONS: %S" (mapcar (lambda (a) (plist-get a :title)) actions))
  (unless fix
    (tt-fail "no transformers-tidy quick fix among %S" actions))
  ;; What eglot does with a chosen CodeAction (newer eglots name it
  ;; `eglot-execute').
  (if (fboundp 'eglot-execute)
      (eglot-execute (eglot-current-server) fix)
    (eglot--apply-workspace-edit (plist-get fix :edit))))
(save-buffer)

;; 3. The finding is gone; clangd's warning stays.
(tt-wait-for "re-analysis after the fix"
             (lambda ()
               (and (tt-has "^clang \\[-Wunused-variable\\]")
                    (not (tt-has "^transformers-tidy"))))
             60)
(message "AFTER FIX: %S" (tt-diagnostics))

(eglot-shutdown (eglot-current-server))
(message "OK")
(kill-emacs 0)
