"""Repeated structure of a tape: loops and their iterations, calls of user functions, Keras
layer calls, and runs of them, as a tree of groups (like TensorBoard's name-scope groups).

Built in one pass over the ops from what each op event says about the user's code (its code
block, instruction offset and the loops around it; docs/EVENTS.md): an iteration starts when
the offset goes back inside a loop, or when the same instruction starts again; a call when the
code of a user function starts again. Long runs of siblings are cut into runs of at most
``MAX_CHILDREN`` (``iterations 1–10``), so every group's inside stays small.
"""

from __future__ import annotations

from .._base.i18n import _

MAX_CHILDREN = 10


def smallest_period(items: list) -> int:
    """The shortest p such that ``items`` is items[:p] repeated (len(items) when none): KMP."""
    n = len(items)
    fail = [0] * n
    k = 0
    for i in range(1, n):
        while k and items[i] != items[k]:
            k = fail[k - 1]
        if items[i] == items[k]:
            k += 1
        fail[i] = k
    p = n - fail[-1] if n else 0
    return p if p and n % p == 0 else n


class GroupTree:
    """The groups of one tape: ``groups`` (dicts, see docs/PLAYER.md) and each op's group."""

    def __init__(self):
        self.groups: list = []
        self.by_id: dict = {}
        self.children: dict = {None: []}   # group id (None: top level) -> [("op", id) | ("group", id)]
        self.made = 0

    def next_id(self) -> str:
        self.made += 1
        return f"g{self.made - 1}"

    def new(self, kind, label, parent, where=None, **extra) -> str:
        gid = self.next_id()
        group = {"id": gid, "kind": kind, "label": label, "parent": parent, "ops": 0, "where": where, **extra}
        self.groups.append(group)
        self.by_id[gid] = group
        self.children[gid] = []
        self.children[parent].append(("group", gid))
        return gid

    def add_op(self, op_id, gid) -> None:
        self.children[gid].append(("op", op_id))
        while gid is not None:
            group = self.by_id[gid]
            group["ops"] += 1
            gid = group["parent"]

    def chain(self, gid) -> list:
        """``gid`` and its ancestors, innermost first."""
        out = []
        while gid is not None:
            out.append(gid)
            gid = self.by_id[gid]["parent"]
        return out


def build_groups(ops: list, blocks: dict) -> GroupTree:
    """Group ``ops`` (op nodes with ``block``, ``offset``, ``exec_start``, ``layer``) in tape order.

    ``blocks``: ``{block id: {"name": code name, "loops": [{"start", "end", "line", "text"}], "file"}}``.
    Sets each op's ``group``; returns the tree, with long runs of siblings cut into runs.
    """
    tree = GroupTree()
    stack: list = []            # open groups: [key, group id]
    last_offset: dict = {}      # block -> offset of its last op
    module_prefix: list = []    # the open groups of the last module-level op (calls nest under them)
    prev_block = None
    iterations: dict = {}       # loop group id -> iterations so far
    for op in ops:
        block, offset = op.get("block"), op.get("offset")
        if block is None:       # no site (e.g. events from JSON without it): top level
            stack, module_prefix = [], []
            tree.add_op(op["id"], None)
            op["group"] = None
            continue
        info = blocks.get(block) or {}
        loops = [loop for loop in info.get("loops", ()) if loop["start"] <= offset <= loop["end"]]
        is_function = info.get("name", "<module>") != "<module>"
        prev = last_offset.get(block)
        common = [loop for loop in loops if prev is not None and loop["start"] <= prev <= loop["end"]]
        own, restart = [], []
        if is_function:   # a call starts again: an earlier instruction, or the same one anew, outside loops
            own.append(("call", block))
            restart.append(prev_block != block or (prev is not None and not common and (
                offset < prev or (offset == prev and bool(op.get("exec_start"))))))
        for loop in loops:
            own.append(("loop", block, loop["start"]))
            restart.append(False)
            own.append(("iter", block, loop["start"]))
            innermost_common = bool(common) and loop is common[-1]
            restart.append(innermost_common and (offset < prev or (offset == prev and op.get("exec_start"))))
        if op.get("layer"):
            own.append(("layer", block, offset, op["layer"]))
            restart.append(bool(op.get("exec_start")))
        prefix = [entry[0] for entry in module_prefix] if is_function else []
        path = prefix + own
        restart = [False] * len(prefix) + restart
        k = 0
        while k < len(stack) and k < len(path) and stack[k][0] == path[k] and not restart[k]:
            k += 1
        del stack[k:]
        for key in path[k:]:
            parent = stack[-1][1] if stack else None
            stack.append([key, _open(tree, key, parent, info, iterations)])
        gid = stack[-1][1] if stack else None
        tree.add_op(op["id"], gid)
        op["group"] = gid
        last_offset[block] = offset
        prev_block = block
        if not is_function:
            module_prefix = [list(entry) for entry in stack]
    _unwrap_single_call(tree)
    _cut_long_runs(tree)
    by_id = {op["id"]: op for op in ops}
    for parent, kids in tree.children.items():
        for kind, child in kids:
            if kind == "op":
                by_id[child]["group"] = parent
    return tree


def _open(tree, key, parent, info, iterations) -> str:
    kind = key[0]
    if kind == "call":
        return tree.new("call", f"{info.get('name', 'function')}()", parent)
    if kind == "loop":
        loop = next((lp for lp in info.get("loops", ()) if lp["start"] == key[2]), {})
        text = (loop.get("text") or "loop").rstrip(":")
        return tree.new("loop", text, parent, where=loop.get("where"))
    if kind == "iter":
        n = iterations.get(parent, 0) + 1
        iterations[parent] = n
        return tree.new("iteration", _("iteration {n}").format(n=n), parent, index=n)
    return tree.new("layer", key[3], parent)


def _unwrap_single_call(tree: GroupTree) -> None:
    """A tape recorded inside one function call (``def main(): ...``, a test) needs no box around it."""
    top = tree.children[None]
    while len(top) == 1 and top[0][0] == "group" and tree.by_id[top[0][1]]["kind"] == "call":
        gid = top[0][1]
        top = tree.children[None] = tree.children.pop(gid)
        for kind, child in top:
            if kind == "group":
                tree.by_id[child]["parent"] = None
        tree.groups.remove(tree.by_id.pop(gid))


def _cut_long_runs(tree: GroupTree) -> None:
    """Give every group (and the top level) at most MAX_CHILDREN children, nesting runs of them."""
    for parent in [None] + [g["id"] for g in list(tree.groups)]:
        kids = tree.children[parent]
        if len(kids) > MAX_CHILDREN:
            tree.children[parent] = _runs(tree, parent, kids)


def _runs(tree, parent, kids) -> list:
    size = MAX_CHILDREN
    while -(-len(kids) // size) > MAX_CHILDREN:
        size *= MAX_CHILDREN
    out = []
    for start in range(0, len(kids), size):
        part = kids[start:start + size]
        if len(part) == 1:
            out.append(part[0])
            continue
        all_iterations = all(kind == "group" and tree.by_id[gid]["kind"] == "iteration" for kind, gid in part)
        if all_iterations:
            first, last = tree.by_id[part[0][1]]["index"], tree.by_id[part[-1][1]]["index"]
            label, kind = _("iterations {first}–{last}").format(first=first, last=last), "iterations"
        else:
            label, kind = _("steps {first}–{last}").format(first=start + 1, last=start + len(part)), "block"
        gid = tree.next_id()
        group = {"id": gid, "kind": kind, "label": label, "parent": parent, "ops": 0, "where": None}
        tree.groups.append(group)
        tree.by_id[gid] = group
        for child_kind, child in part:
            if child_kind == "group":
                tree.by_id[child]["parent"] = gid
                group["ops"] += tree.by_id[child]["ops"]
            else:
                group["ops"] += 1
        tree.children[gid] = _runs(tree, gid, part) if len(part) > MAX_CHILDREN else part
        out.append(("group", gid))
    return out
