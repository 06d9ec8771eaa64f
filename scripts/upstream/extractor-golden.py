"""scripts/upstream/extractor-golden — upstream's answers for generated extractor inputs.

Writes test/fixtures/upstream/extractor-golden.json: seeded random texts for abcd_extractor,
boxed_math_extractor and python_code_extractor, each with what mlcommons/endpoints' own
extractor.py returns for it (None as null). test/upstream/extractor.test.ts checks that ours
return the same. Half of the texts are random strings of fragments that matter to a pattern
(labels, separators, emphasis, braces, fences, Unicode blanks and letters); the other half
put a plausible answer among such fragments.

    python3 scripts/upstream/extractor-golden.py /path/to/endpoints [seed] [count]

The upstream path is a checkout of mlcommons/endpoints; extractor.py is loaded on its own, so
none of the package's dependencies is needed. Regenerate after a change upstream.
"""

import importlib.util
import json
import random
import sys
from pathlib import Path

upstream = Path(sys.argv[1])
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 0
count = int(sys.argv[3]) if len(sys.argv) > 3 else 300
spec = importlib.util.spec_from_file_location(
    "upstream_extractor", upstream / "src/inference_endpoint/evaluation/extractor.py"
)
extractor = importlib.util.module_from_spec(spec)
spec.loader.exec_module(extractor)

rng = random.Random(seed)
BLANKS = [" ", "  ", "\n", "\t", "\r\n", "\r", "\u00a0", "\u2028", "\x1c", "\x85", "\u3000", "\ufeff", "\v", "\f"]
ABCD = ["Answer", "answer", "ANSWER", "Answers", "answers", "Anſwer", "Final Answer", "the answer is", "Option",
        "option", "Choice", "CHOICE", "choices", "**", "*", "_", "__", "***", ":", "-", "–", "—", "(", ")", "[", "]",
        ".", ",", "A", "B", "C", "D", "a", "b", "c", "d", "E", "e", "Ab", "B2", "\\boxed{", "\\textbf{", "\\text{",
        "\\mathrm{", "}", "{", "x", "1", "42", "é", "ł", "α", "Ⅻ", "٣", "_x", "I think", "Alright", "cat", "İ", "ı",
        "\u212a", "#", "$", "\\"] + BLANKS
BOX = ["\\boxed{", "boxed{", "\\framebox{", "framebox{", "box{", "}", "{", ",", ", ", "12", "7", "-3.5", "0", "٤٢",
       "১", "x", "\\frac{1}{2}", "and", "then", "answer", "999", "1,234", "\\text{", "²"] + BLANKS
CODE = ["```", "```python", "```py", "```Python", "```python3", "python", "py", "PY", "Python", "pyth", "python3",
        "pypy", "print(1)", "x = 2", "def f():\n    return 1", "`", "``", "text", "# comment", "```\n", "\n```",
        "import sys"] + BLANKS


def pieces(choices, most):
    return "".join(rng.choice(choices) for _ in range(rng.randint(0, most)))


def blanks():
    return "".join(rng.choice(BLANKS) for _ in range(rng.randint(0, 3)))


def abcd_answer():
    label = rng.choice(["Answer", "answer", "Answers", "ANSWER", "Option", "Choice", "choice", "The answer is"])
    emph = rng.choice(["", "*", "**", "_", "__"])
    sep = rng.choice(["", ":", " -", " –", ": ", "—", " is"])
    wrap = rng.choice(["{}", "({})", "[{}]", "**{}**", "\\boxed{{{}}}", "\\boxed{{\\text{{{}}}}}", "\\textbf{{{}}}",
                       "{})", "{}.", "{}x"])
    body = f"{emph}{label}{sep}{emph}{blanks()}{wrap.format(rng.choice('ABCDabcdE'))}"
    return pieces(ABCD, 4) + rng.choice(["", "\n", " "]) + body + rng.choice(["", "\n", " ", "."]) + pieces(ABCD, 4)


def boxed_answer():
    text = ""
    for _ in range(rng.randint(0, 3)):
        text += rng.choice(["\\boxed{", "boxed{", "\\framebox{"])
        text += rng.choice(["", "5", " 42 ", "1,2", "3, ", "x", ",", "\n7\n"]) + rng.choice(["}", "", "}}"])
        text += pieces(BOX, 3)
    return text


def code_answer():
    tag = rng.choice(["python", "py", "PY", "Python", "python3", "", "pyTHon", "py ", "python\t"])
    body = rng.choice(["\n", "\r\n", " \n", "\n\n", "", " "]) + rng.choice(["print(1)", "x = 1\ny = 2", "", "  x"])
    body += rng.choice(["\n", "", "\r\n"])
    block = f"```{tag}{body}```" if rng.random() < 0.5 else f"```{blanks()}{tag}{body}```"
    return blanks() + pieces(CODE, 3) + block + pieces(CODE, 3) + blanks()


cases = []
for i in range(count):
    for name, cls, answer, choices in [
        ("abcd_extractor", extractor.ABCDExtractor, abcd_answer, ABCD),
        ("boxed_math_extractor", extractor.BoxedMathExtractor, boxed_answer, BOX),
        ("python_code_extractor", extractor.PythonCodeExtractor, code_answer, CODE),
    ]:
        text = answer() if i % 2 else pieces(choices, 14)
        cases.append({"extractor": name, "text": text, "upstream": cls.extract(text)})

out = Path(__file__).resolve().parents[2] / "test/fixtures/upstream/extractor-golden.json"
out.parent.mkdir(parents=True, exist_ok=True)
lines = ",\n".join(json.dumps(case, ensure_ascii=False) for case in cases)
out.write_text(f'{{"seed": {seed}, "cases": [\n{lines}\n]}}\n')
print(f"{len(cases)} cases -> {out}")
