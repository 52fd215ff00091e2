"""WindowAutosave: one window's autosave: its slot, resuming the saved game, saving after each change, the warning.

With a data folder, the game is autosaved after every change: the save is
scheduled with ``after(1, ...)`` so it runs after the click has been drawn, is
written without fsync (still atomic, see ``atomic_files.atomic_write_text``) except
every 10th save, and once more durably when the window closes. Each window locks
its autosave slot (``system/instance_lock.py``): a second window open at the same
time keeps its game in slot 2 (``autosave-2``) and never touches the first one's.
While the window runs it refreshes its lock every ``HEARTBEAT_EVERY`` seconds
(``InstanceLock.heartbeat``), so a window on another machine sharing the folder never
takes a lock older than ``STALE_AFTER`` from a window that is still open.
A failing autosave is shown at once as a warning that stays until a save works again,
above any other notice (the notice bar stacks them, problems first).
Without a data folder (tests, the self-test, benchmarks) nothing is read or
written on its own. GameFiles owns the window's WindowAutosave and offers its
names (``App.files.autosave()``, ``.slot``, ``.lock``…); it reaches the window
only through its ``AutosaveHost`` port (ports.py).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path

from sudoku_tk.app.game.session import Session
from sudoku_tk.app.storage.autosave import Autosaver
from sudoku_tk.app.storage.damaged_files import set_aside
from sudoku_tk.app.storage.file_reading import SaveFileError
from sudoku_tk.app.storage.game_record import GameRecord
from sudoku_tk.system import HEARTBEAT_EVERY, MAX_SLOTS, ErrorLog, InstanceLock, autosave_dir

from .ports import AutosaveHost

HEARTBEAT_MS = round(HEARTBEAT_EVERY * 1000)
"""How often the window refreshes its slot's lock (well within the lock's ``STALE_AFTER``)."""
AUTOSAVE_NOTICE = "autosave"
"""The notice kind of the autosave-failed warning (it stays until an autosave succeeds)."""


def now() -> datetime:
    """The time a game is saved at: UTC, whole seconds."""
    return datetime.now(timezone.utc).replace(microsecond=0)


class SlotTakenError(OSError):
    """This window's autosave slot is held by another window (it could not lock it at start)."""


def failure_reason(exc: BaseException) -> str:
    """Why reading or writing a file failed, to go after "Can't save to …: "."""
    if isinstance(exc, OSError) and exc.strerror:
        return exc.strerror.lower() if exc.strerror[:1].isupper() and exc.strerror[1:2].islower() else exc.strerror
    return str(exc).rstrip(".")


class WindowAutosave:
    """The autosave of one window; ``save_as`` and ``saved_path`` are the window's Save As and its game's file."""

    def __init__(
        self,
        host: AutosaveHost,
        data_dir: Path | None,
        save_as: Callable[[], bool],
        saved_path: Callable[[], Path | None],
    ) -> None:
        self._host = host
        self._save_as = save_as
        self._saved_path = saved_path
        self.lock: InstanceLock | None = None
        """This window's hold on its autosave slot (None without a data folder, or when every slot is taken)."""
        self.slot = 0
        """The autosave slot this window keeps its game in: 1 usually, 2… when other windows are open; 0: none."""
        self.slot_note = ""
        """What the player is told at start about the slots (not the usual one; another window's game kept)."""
        self.autosaver = self._take_slot(data_dir) if data_dir is not None else None
        self._save_job: str | None = None
        self._autosave_failed = False
        self._heartbeat_job: str | None = None
        if self.lock is not None:
            self._heartbeat_job = self._host.after(HEARTBEAT_MS, self._heartbeat)

    def _heartbeat(self) -> None:
        """Refresh the slot's lock (when held) and come back in ``HEARTBEAT_MS``."""
        self._heartbeat_job = None
        if self.lock is None:
            return
        self.lock.heartbeat()
        self._heartbeat_job = self._host.after(HEARTBEAT_MS, self._heartbeat)

    def _take_slot(self, data_dir: Path) -> Autosaver | None:
        """Lock the first free autosave slot, so two windows never write over each other's game.

        When slot 1's lock can't even be made (a full disk, a file where its folder belongs),
        this window keeps slot 1 and takes the lock before its first save that can be written
        (``_hold_slot``): it never autosaves without holding it.
        """
        for slot in range(1, MAX_SLOTS + 1):
            folder = autosave_dir(data_dir, slot)
            lock = InstanceLock(folder)
            try:
                taken = lock.acquire()
            except (OSError, SaveFileError):
                taken = False  # the autosave warning tells the player what is wrong with the folder
                if slot == 1:
                    self.lock, self.slot = lock, 1
                    return Autosaver(folder, durable=False, durable_every=10)
            if taken:
                self.lock, self.slot = lock, slot
                if slot > 1:
                    self.slot_note = (
                        "Sudoku Tk is already open in another window with your saved game, "
                        f"so this window keeps its own game separately (slot {slot}); "
                        "the other window's game is not touched."
                    )
                return Autosaver(folder, durable=False, durable_every=10)
        self.slot_note = (
            f"Sudoku Tk is open in {MAX_SLOTS} other windows, so this one does not autosave; "
            "use Save As to keep its game."
        )
        return None

    def _hold_slot(self) -> None:
        """Make sure this window holds its slot's lock before it writes there (see ``_take_slot``).

        Raises:
            OSError, SaveFileError: the lock can't be made yet (the folder is still unusable).
            SlotTakenError: another window took the slot meanwhile.
        """
        lock = self.lock
        if lock is None or lock.is_held:
            return
        if not lock.acquire():
            raise SlotTakenError(
                f"another window keeps its game in {lock.folder} now, so this one can't autosave there"
            )

    # -- resuming ----------------------------------------------------------------------
    def set_aside_unplayable(self) -> str:
        """The autosave was read but could not be continued: keep it (and its backup) out of the new game's way.

        Returns a sentence saying where they were kept ("" when there was nothing to keep).
        """
        if self.autosaver is None:
            return ""
        saver = self.autosaver
        files = (saver.path, saver.backup_path, saver.journal.path)  # the journal too: its moves belong to it
        kept = [p for p in (set_aside(path) for path in files if os.path.lexists(path)) if p is not None]
        if not kept:
            return ""
        return "It was kept as " + " and ".join(p.name for p in kept) + f" in {kept[0].parent}."

    def resume(self) -> tuple[GameRecord | None, str | None]:
        """The autosaved game to continue and a message for the player (see ``Autosaver.load_latest``)."""
        if self.autosaver is None:
            return None, None
        return self.autosaver.load_latest()

    def resume_session(self, notes: list[str], error_log: ErrorLog | None) -> Session | None:
        """The autosaved game to continue, or None (nothing saved, or it could not be continued).

        What the player should be told is added to ``notes``. A game that can't be continued is
        set aside (see ``set_aside_unplayable``) and the reason kept in ``error_log``.
        """
        record, resume_note = self.resume()
        if resume_note:
            notes.append(resume_note)
        if record is None:
            return None
        try:
            return Session.from_record(record)
        except Exception as exc:  # noqa: BLE001 - the app always starts; the note keeps the reason
            kept = self.set_aside_unplayable()
            notes.append(
                f"The autosaved game could not be continued ({type(exc).__name__}: {exc}); "
                f"a new game was started. {kept}".rstrip()
            )
            if error_log is not None:
                error_log.internal(exc, where="continuing the autosaved game")
            return None

    # -- saving ------------------------------------------------------------------------
    def schedule(self) -> None:
        """Save soon (after the current event has been drawn); several changes in a row make one save."""
        if self.autosaver is None or self._save_job is not None:
            return
        self._save_job = self._host.after(1, self.save)

    def save(self, durable: bool = False) -> None:
        """Write the game as the autosave now (nothing while givens are being entered)."""
        if self._save_job is not None:
            self._host.after_cancel(self._save_job)
            self._save_job = None
        saver = self.autosaver
        session = self._host.session
        if saver is None or session.is_entering:
            return
        record = session.to_record(now())
        try:
            self._hold_slot()
            saver.save(record, durable=durable)
        except (OSError, SaveFileError) as exc:
            self._autosave_failed = True
            self._warn_autosave_failed(exc)
            return
        if self._autosave_failed:
            self._autosave_failed = False
            self._host.hide_notice(AUTOSAVE_NOTICE)
            self._host.say("Autosave works again: your moves are kept")
        news = saver.take_news()
        if news:  # a link or a pipe had appeared at the save's name: set aside, the player is told
            self._host.show_notice(" ".join(news), error=True)

    @property
    def failing(self) -> bool:
        """Did the last autosave fail (its warning stays up until one succeeds)?"""
        return self._autosave_failed

    def _warn_autosave_failed(self, exc: BaseException) -> None:
        """Tell the player at once, and keep telling: the warning is a lasting notice shown first, above any other
        notice (a start-up note, a question), which stays below it (see notice_bar.py)."""
        assert self.autosaver is not None
        self._host.show_notice(
            f"Autosave failed ({failure_reason(exc)}): your moves are not being kept in {self.autosaver.folder}. "
            "Use Save As to keep this game somewhere else; this warning stays until saving works again.",
            [("Save As…", self._save_as_from_warning), ("Try again", self.save)],
            error=True,
            kind=AUTOSAVE_NOTICE,
        )
        self._host.say("Autosave failed: use Save As to keep your game", error=True)

    def _save_as_from_warning(self) -> None:
        saved = self._save_as()
        if self._autosave_failed:
            # The game is safe in its own file now, but later moves still need saving by hand.
            self.save()
            if self._autosave_failed and saved and self._host.notice_kind() == AUTOSAVE_NOTICE:
                path = self._saved_path()
                self._host.say(
                    f"Saved {path.name if path else 'the game'}; autosave still fails, "
                    "so use Save again to keep later moves",
                    error=True,
                )

    def flush(self) -> None:
        """Save now if a save is waiting."""
        if self._save_job is not None:
            self.save()

    def close(self) -> None:
        """Write the last autosave to disk durably (the window is closing) and let go of the slot."""
        if self._save_job is not None:
            self._host.after_cancel(self._save_job)
            self._save_job = None
        if self._heartbeat_job is not None:
            self._host.after_cancel(self._heartbeat_job)
            self._heartbeat_job = None
        if self.autosaver is not None and not self._host.session.is_entering:
            self.save(durable=True)
        if self.lock is not None:
            self.lock.release()
