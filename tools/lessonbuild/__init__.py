"""Build the lesson notebooks from one source per lesson (see notebooks/README.md).

- ``source``: where lessons live, their cell tags, and nbgrader's solution markers;
- ``i18n``: the prose of a lesson as gettext messages (extract a ``.pot``, translate from a ``.po``);
- ``editions``: a source turned into a student or teacher edition, in English or a locale;
- ``execute``: run an edition with nbclient and store deterministic outputs.

``tools/build_lessons.py`` is the command line.
"""
