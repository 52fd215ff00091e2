"""The window: the App shell, start-up, menus and keys, the session's listener, theme, size and autosave slot."""
