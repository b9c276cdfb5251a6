"""What the screens tour asserts a screen does not say (issue 33, point 2): nothing internal (a role's code such as
ADMIN or TOP_MANAGEMENT as text, a demo or test page's name outside that page), one date style (lib/format's
d-MMM-yyyy: "5-Jan-2026", never "05 Jan 2026", "2026-01-05" or "05/01/2026"), one money style (lib/format's
formatIDR: "Rp 47.000.000.000", never an abbreviated "Rp 6,68B"), and no Content-Security-Policy violation."""

from __future__ import annotations

import re

# The visible text of the page, node by node, as written (not as CSS shows it: an upper-cased header is not a code).
# A copy nobody sees (hidden, aria-hidden, antd's measuring twins) is not read.
VISIBLE_TEXT = """() => {
    const texts = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || !node.data.trim()) continue;
        if (parent.closest('script, style, noscript, [aria-hidden="true"], [hidden]')) continue;
        if (!parent.checkVisibility({visibilityProperty: true})) continue;
        texts.push(node.data.trim());
    }
    return texts;
}"""

MONTH = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)"
# a date written in any other style than d-MMM-yyyy
OTHER_DATES = [
    (re.compile(rf"\b\d{{1,2}} {MONTH} \d{{4}}\b"), "dd MMM yyyy"),
    (re.compile(r"\b\d{4}-\d{2}-\d{2}\b"), "yyyy-MM-dd"),
    (re.compile(r"\b\d{1,2}/\d{1,2}/\d{2,4}\b"), "dd/MM/yyyy"),
    (re.compile(rf"\b{MONTH} \d{{1,2}}, \d{{4}}\b"), "MMM d, yyyy"),
]
# an amount of money abbreviated ("Rp 6,68B", "Rp 950K") or written as "IDR 1.000"
OTHER_MONEY = [
    (re.compile(r"Rp\s?-?\d[\d.,]*\s?[KMBT]\b"), "abbreviated"),
    (re.compile(r"\bIDR\s?-?\d"), "IDR before the amount"),
]
# role codes (the roles' names in the policy) shown as text: a person reads the role's description
ROLE_CODES = re.compile(r"\b(?:ADMIN|TOP_MANAGEMENT|APPROVER)\b")
# the demo and test pages of the route table, named anywhere but on themselves
DEMO_PAGES = {"/sample": "Sample widgets", "/pdf": "PCS PDF test"}


def untrue(texts: list[str], path: str) -> list[str]:
    """What the texts of the screen at `path` say that they should not, each with the text it is in."""
    problems: list[str] = []
    for text in texts:
        for pattern, style in OTHER_DATES:
            problems += [f"a date written {style}: '{m.group(0)}' in '{text[:80]}'" for m in pattern.finditer(text)]
        for pattern, style in OTHER_MONEY:
            problems += [f"money {style}: '{m.group(0)}' in '{text[:80]}'" for m in pattern.finditer(text)]
        problems += [f"a role's code: '{m.group(0)}' in '{text[:80]}'" for m in ROLE_CODES.finditer(text)]
        problems += [f"a demo page's name: '{name}' in '{text[:80]}'" for page, name in DEMO_PAGES.items()
                     if page != path and name.lower() in text.lower()]
    return problems


def few(problems: list[str], shown: int = 5) -> list[str]:
    """The first of a screen's problems, each once, and how many more there are."""
    distinct = list(dict.fromkeys(problems))
    return distinct[:shown] + ([f"... and {len(distinct) - shown} more"] if len(distinct) > shown else [])


def csp_violation(text: str) -> bool:
    """A console message of a Content-Security-Policy violation (an eval refused, a script or style blocked)."""
    return "Content Security Policy" in text or "unsafe-eval" in text
