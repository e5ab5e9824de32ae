"""The table toolkit: everything a new game's table gets for free.

A game's table (``game/tables/<game>.py``) is a thin layout plus its input rules
on top of these parts.  Each part is an object or a set of functions that gets
its state passed in; none imports a table, the shell (but for the
:class:`~game.base.scene.Scene` base) or the AI, so they never call back into a
table and no import circle can form.

- ``sprites``: :class:`CardSprite` (a card on the table with its own id: two
  packs hold equal cards), :class:`Hand` / ``Pile`` (ordered sprites),
  :class:`CardsView` (a hand read as cards), ``blit_card`` (face up or down).
- ``cardart``: faces, backs, shadows and glows cached per size and run-length
  encoded; jokers (``X1``..``X4``), number cards 1-8 (:class:`NumberCard`,
  ``blit_number``), the four-colour deck, ``faces_blitted`` for privacy tests.
- ``flights`` and ``tweens``: sprites flying between places in queued steps;
  eased tweens timed from ``dt``.
- ``hand``: the hand widget (:class:`HandFan`: fan, hover lift, selection, eased
  positions, drag, reorder, sort), keyed by sprite id; :class:`SelectedCards`.
- ``layout``: every position from the window size; seats placed around the
  table for 2 to 10 players at any window size; menu columns.
- ``piles``: a stock drawn as a stack, a face-up pile, counts under them.
- ``messages``: toasts, the status lines, banners, score pop-ups, tip panels.
- ``actionlog``: the action log panel.  ``hint``: the hint display.
- ``scorepanel``: seat panels (name, level, cards, score, turn rim, a bot's
  thinking dots, laid melds).  ``layer``: the cached layer of panels, redrawn
  region by region only when what a region shows changes.
- ``scoresheet``: the one score sheet of a match (:class:`ScoreSheet`: players,
  round rows of cells and marks, start scores, running totals, totals,
  standings, leaders, ``lower_wins``) and its compact panel style
  (``draw_scoresheet``, Sprint's round-over screen).  ``matchsheet``: the same
  sheet in the full paper style of a long match (``draw_sheet``: each round's
  points and running total, who went out circled, hand counts after a round),
  the sheet over the table between rounds and the final standings screen
  (Scamper).
- ``bots``: the bot scheduler hook (the table's one per-frame call into its
  scheduler) and a replay driver.
- ``keymap``: keys mapped to (seat, action), so several people share one keyboard.
- ``clock``: the table clock (ms since the game began, from ``dt``) that stamps
  actions of real-time games.
- Real-time games (Snap, Ratscrew): ``seatkeys`` (each human seat's keys, blocks
  far apart by default, rebindable, a controller per seat, kept in the settings'
  ``seat_keys``; the actions per seat come from the registry's ``seat_actions``),
  ``keyscreens`` ("Try your keys" and the key-binding screen), ``stamping`` (the
  app reads input about every millisecond between frames and stamps each event
  with ``read_at``; ``python -m game.base.stamping`` measures the error) and
  ``rtdriver`` (each frame: stamped inputs and bots' due actions to the engine in
  time order through ``ai.reflex.run_until``, handed in; a replay feed; catch-up).
  A real-time table sets ``stamps_input = True`` and advances its
  :class:`~game.kit.clock.TableClock` with ``wall=app.frame_at``.
- ``passdevice``: the pass-device screen for hot-seat privacy, used only by games
  with hidden hands (``passes_device``); real-time games never pass the device.
- ``ui``: cached text, buttons, tooltips, panels, the felt.
"""
