"""``python -m ai.ceiling``: the documented command; the study is :mod:`ai.sprint.ceiling`."""
if __name__ == "__main__":
    from ai.sprint.ceiling import main

    raise SystemExit(main())
