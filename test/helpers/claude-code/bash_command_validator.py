#!/usr/bin/env python3
# A PreToolUse hook that behaves as Claude Code's own example
# (examples/hooks/bash_command_validator_example.py in anthropics/claude-code), written here
# from what it does: it reads the payload from stdin, looks only at tool_name "Bash" and its
# tool_input.command, prints one "• " line per broken rule to stderr and exits 2 to block.
# Claude Code configures it with the matcher "Bash".
import json
import re
import sys

RULES = [
    (r"^grep\b(?!.*\|)", "Use 'rg' (ripgrep) instead of 'grep' for better performance and features"),
    (r"^find\s+\S+\s+-name\b", "Use 'rg --files -g pattern' instead of 'find -name' for better performance"),
]


def main() -> None:
    try:
        payload = json.load(sys.stdin)
    except json.JSONDecodeError as error:
        print(f"Error: Invalid JSON input: {error}", file=sys.stderr)
        sys.exit(1)
    if payload.get("tool_name", "") != "Bash":
        sys.exit(0)
    command = payload.get("tool_input", {}).get("command", "")
    if not command:
        sys.exit(0)
    problems = [message for pattern, message in RULES if re.search(pattern, command)]
    if problems:
        for message in problems:
            print(f"• {message}", file=sys.stderr)
        sys.exit(2)


if __name__ == "__main__":
    main()
