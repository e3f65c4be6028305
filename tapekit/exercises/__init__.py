"""Self-checking exercises for the lesson notebooks: one module per lesson (``lesson01`` ...).

Every ``check_*`` function accepts any correct answer and returns a :class:`Feedback` whose
message names the typical mistake it recognised.
"""

from ._check import Feedback

__all__ = ["Feedback"]
