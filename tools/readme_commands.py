"""Print one of the README's two set-up commands, so CI runs exactly what the README says.

    python tools/readme_commands.py lessons   # installs and opens the lessons in JupyterLab
    python tools/readme_commands.py tests     # installs the test dependencies and runs the suite
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def setup_commands(text: str | None = None) -> dict:
    """{"lessons": command, "tests": command} from the README's "Set up" section."""
    text = README.read_text(encoding="utf-8") if text is None else text
    section = re.search(r"^## Set up\n(.*?)(?=^## )", text, re.S | re.M)
    if section is None:
        raise SystemExit("README.md has no '## Set up' section")
    blocks = re.findall(r"```bash\n(.*?)```", section.group(1), re.S)
    commands = [b.strip() for b in blocks]
    if len(commands) != 2 or any("\n" in c for c in commands):
        raise SystemExit(f"README.md's Set up section must hold exactly two one-line commands, found {commands}")
    return {"lessons": commands[0], "tests": commands[1]}


if __name__ == "__main__":
    which = sys.argv[1] if len(sys.argv) > 1 else ""
    commands = setup_commands()
    if which not in commands:
        raise SystemExit(f"usage: {sys.argv[0]} {{lessons|tests}}")
    print(commands[which])
