"""The order in which TF's reverse pass visits a tape's ops (where IndexedSlices meet)."""

from __future__ import annotations

from collections import deque


class BackwardOrder:
    """The order in which TF's reverse pass would visit this tape's ops (built when first asked).

    TF's pass is a queue fed from the targets: first the ops nobody on the path consumes (in
    the order a depth-first walk from the last target found them), then each op once all its
    outputs' consumers are done, first ready first visited. Where a tensor gets several
    IndexedSlices, TF concatenates them in that order; tapekit's pass walks the tape backwards,
    so it sorts the pieces by this rank to print the same indices. (TF keeps the ops in a hash
    map, whose order changes as it grows: on large graphs with several targets the order of
    the first ops can differ.)
    """

    def __init__(self, entries, target_ids):
        self.entries = entries
        self.target_ids = list(target_ids)
        self.ranks = None

    def rank(self, index: int) -> int:
        if self.ranks is None:
            self.ranks = tf_visit_order(self.entries, self.target_ids)
        return self.ranks.get(index, len(self.ranks) + index)


def tf_visit_order(entries, target_ids) -> dict:
    """Entry index -> its rank in TF's visit order."""
    producer = _producers(entries)
    reached, usage = _reached_from(entries, producer, target_ids)
    missing: dict = {}   # op -> how many of its outputs' consumers are still to visit
    for tid in usage:
        if tid in producer:
            missing[producer[tid]] = missing.get(producer[tid], 0) + 1
    queue = deque(reversed([op for op in reached if op not in missing]))
    ranks: dict = {}
    while queue:
        op = queue.pop()
        ranks[op] = len(ranks)
        for t in entries[op].inputs:
            usage[t.id] -= 1
            p = producer.get(t.id)
            if usage[t.id] == 0 and p is not None:
                missing[p] -= 1
                if missing[p] == 0:
                    queue.appendleft(p)
    return ranks


def _producers(entries) -> dict:
    """Tensor id -> the index of the uncut entry that produced it."""
    producer = {}
    for e in entries:
        if e.cut is None:
            for o in e.outputs:
                producer[o.id] = e.index
    return producer


def _reached_from(entries, producer, target_ids) -> tuple:
    """The ops a depth-first walk from the targets finds (in order), and how often each tensor is used."""
    usage: dict = {}
    reached: dict = {}   # insertion-ordered: the order TF's walk from the targets finds ops
    stack = list(target_ids)
    while stack:
        op = producer.get(stack.pop())
        if op is None or op in reached:
            continue
        reached[op] = True
        for t in entries[op].inputs:
            if t.id in usage:
                usage[t.id] += 1
            else:
                usage[t.id] = 1
                if t.id in producer:
                    stack.append(t.id)
    return reached, usage
