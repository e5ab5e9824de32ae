"""The app around the tables: loop, scene stack, command line, saves, statistics, settings, sound."""
