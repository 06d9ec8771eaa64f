/**
 * @module test/accuracy/rouge/punkt — splitSentences against NLTK's `sent_tokenize` (English), text by text.
 *
 * Every expected list below was computed once with the real NLTK — Debian bookworm's python3-nltk
 * 3.8-1 on Python 3.11.2 — with a PunktSentenceTokenizer built from this repository's
 * src/accuracy/rouge/punkt-english.json (the parameters splitSentences uses) and default
 * PunktLanguageVars, by running, from the repository root, with the texts as a JSON list on stdin,
 *
 *   python3 -c 'import json, sys; from collections import defaultdict
 *   from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer
 *   en = json.load(open("src/accuracy/rouge/punkt-english.json")); p = PunktParameters()
 *   p.abbrev_types = set(en["abbreviations"]); p.collocations = set(en["collocations"].items())
 *   p.sent_starters = set(en["sentStarters"]); p.ortho_context = defaultdict(int, en["orthoContext"])
 *   print(json.dumps([PunktSentenceTokenizer(p).tokenize(t) for t in json.load(sys.stdin)]))'
 *
 * and pasting the pairs as literals (json.dumps escapes non-ASCII, hence the \u escapes).
 */
import { describe, expect, test } from "bun:test";
import { splitSentences } from "../../../src/accuracy/rouge/punkt-tokenizer.ts";

const NLTK_SENTENCES: readonly (readonly [text: string, sentences: readonly string[]])[] = [
  // abbreviations
  ["Mr. Smith went to Washington. He arrived on Tuesday.", ["Mr. Smith went to Washington.", "He arrived on Tuesday."]],
  ["The U.S. economy grew. Analysts were surprised.", ["The U.S. economy grew.", "Analysts were surprised."]],
  ["He works at Acme Inc. The company is big.", ["He works at Acme Inc.", "The company is big."]],
  ["She met Dr. Jones at 5 p.m. and left.", ["She met Dr. Jones at 5 p.m. and left."]],
  ["It costs $5 vs. $10 in the shop.", ["It costs $5 vs. $10 in the shop."]],
  ["They arrived in Jan. Then they left.", ["They arrived in Jan. Then they left."]],
  ["Use e.g. apples, i.e. fruit. Done.", ["Use e.g.", "apples, i.e.", "fruit.", "Done."]],
  ["The pre-Jan. talks failed. Nobody came.", ["The pre-Jan. talks failed.", "Nobody came."]],
  ["Ask Mrs. O'Neil. She knows.", ["Ask Mrs. O'Neil.", "She knows."]],
  ["Sen. Obama said no. Gen. Smith agreed.", ["Sen. Obama said no.", "Gen. Smith agreed."]],
  // abbreviations followed by a likely sentence start (orthography, frequent starters)
  ["At 10 a.m. The meeting started.", ["At 10 a.m.", "The meeting started."]],
  [
    "The talks were held in the U.S. However, nobody came.",
    ["The talks were held in the U.S.", "However, nobody came."],
  ],
  ["The U.S. In 2009 things changed.", ["The U.S.", "In 2009 things changed."]],
  ["He works for Acme Corp. Since then he is rich.", ["He works for Acme Corp.", "Since then he is rich."]],
  ["They met at the St. It was old.", ["They met at the St.", "It was old."]],
  // initials
  ["Johann S. Bach was a composer.", ["Johann S. Bach was a composer."]],
  ["The first letter is A. It comes first.", ["The first letter is A.", "It comes first."]],
  ["J. P. Morgan bought it. They said so.", ["J. P. Morgan bought it.", "They said so."]],
  [
    "Punkt knows that the periods in Mr. Smith and Johann S. Bach\ndo not mark sentence boundaries.",
    ["Punkt knows that the periods in Mr. Smith and Johann S. Bach\ndo not mark sentence boundaries."],
  ],
  ["Plan B. Then plan C.", ["Plan B.", "Then plan C."]],
  // numbers and ordinals
  ["The price rose 3.5 percent. Markets fell.", ["The price rose 3.5 percent.", "Markets fell."]],
  ["He was born in 1990. He is 34.", ["He was born in 1990.", "He is 34."]],
  ["It was the 2. place in the race. Good.", ["It was the 2. place in the race.", "Good."]],
  ["See chapter 12. the end is near.", ["See chapter 12. the end is near."]],
  ["Numbers like 1,000. And -3.5. Or .5. Done", ["Numbers like 1,000.", "And -3.5.", "Or .5.", "Done"]],
  ["The vote was 52-48. It passed.", ["The vote was 52-48.", "It passed."]],
  // ellipses
  ["Wait... What happened? Nothing.", ["Wait... What happened?", "Nothing."]],
  ["And then... the end.", ["And then... the end."]],
  ["Hmm. . . Okay then.", ["Hmm.", ".", ".", "Okay then."]],
  ["So.. that is it. Fine.", ["So.. that is it.", "Fine."]],
  // quotes and brackets after the mark (realignment)
  [
    '(How does it deal with this parenthesis?)  "It should be part of the\nprevious sentence." "(And the same with this one.)" (\'And this one!\')\n"(\'(And (this)) \'?)" [(and this. )]',
    [
      "(How does it deal with this parenthesis?)",
      '"It should be part of the\nprevious sentence."',
      '"(And the same with this one.)"',
      "('And this one!')",
      "\"('(And (this)) '?)\"",
      "[(and this. )]",
    ],
  ],
  ['He said "stop." Then he left.', ['He said "stop."', "Then he left."]],
  ["It ended.) Next one.", ["It ended.)", "Next one."]],
  ["He left.'' She stayed.", ["He left.''", "She stayed."]],
  ['It ended."-- Then more.', ['It ended."', "-- Then more."]],
  ["Wow!) Yes.", ["Wow!)", "Yes."]],
  ["A sentence.(Parenthetical.) Next.", ["A sentence.(Parenthetical.)", "Next."]],
  ["``Quoted.'' Unquoted.", ["``Quoted.''", "Unquoted."]],
  // question and exclamation marks
  ["Very bad acting!!! I promise.", ["Very bad acting!!!", "I promise."]],
  ["Really?! Yes.", ["Really?!", "Yes."]],
  ["What? no way.", ["What?", "no way."]],
  ["Stop!Now. Go.", ["Stop!Now.", "Go."]],
  ["Hello.World. Ok", ["Hello.World.", "Ok"]],
  // newlines
  ["First line.\nSecond line.\n\nThird paragraph.", ["First line.", "Second line.", "Third paragraph."]],
  ["no break here\nbut a newline. Then a sentence.", ["no break here\nbut a newline.", "Then a sentence."]],
  ["Ends with a newline.\n", ["Ends with a newline."]],
  ["Line one\r\nLine two. Three.\r\n", ["Line one\r\nLine two.", "Three."]],
  ["x.\u2028Y. Z.", ["x.\u2028Y.", "Z."]],
  // lower-case sentence starts
  [
    "And sometimes sentences\ncan start with non-capitalized words.  i is a good variable\nname.",
    ["And sometimes sentences\ncan start with non-capitalized words.", "i is a good variable\nname."],
  ],
  ["It works. i think so.", ["It works.", "i think so."]],
  ["The end. however, it goes on.", ["The end.", "however, it goes on."]],
  // collocations
  ["Room 5. Zimmer was there.", ["Room 5. Zimmer was there."]],
  ["Mr. B. Smith arrived. He sat.", ["Mr. B. Smith arrived.", "He sat."]],
  ["Call J. Aron now.", ["Call J. Aron now."]],
  // whitespace
  ["One.   Two.    Three.", ["One.", "Two.", "Three."]],
  ["Tabs.\tAre\twhitespace.\tToo.", ["Tabs.", "Are\twhitespace.", "Too."]],
  ["   Leading spaces. Trailing spaces.   ", ["   Leading spaces.", "Trailing spaces."]],
  ["\n\nHello world.\n\n", ["\n\nHello world."]],
  ["NEL\u0085whitespace. Here.", ["NEL\u0085whitespace.", "Here."]],
  ["No-break\u00a0space. Here.", ["No-break\u00a0space.", "Here."]],
  ["Zero\ufeffwidth. Next.", ["Zero\ufeffwidth.", "Next."]],
  ["Stop.\u0085Go on. Now.", ["Stop.", "Go on.", "Now."]],
  ["Stop.\u001cGo on. Now.", ["Stop.", "Go on.", "Now."]],
  ["Stop.\ufeffGo on. Now.", ["Stop.\ufeffGo on.", "Now."]],
  // empty and unterminated
  ["", []],
  ["   ", []],
  ["no punctuation at all", ["no punctuation at all"]],
  ["First sentence. second without an end", ["First sentence.", "second without an end"]],
  [".", ["."]],
  // other
  ["\u00c9lan vital. \u00dcber alles.", ["\u00c9lan vital.", "\u00dcber alles."]],
  ["Visit www.example.com. It is nice.", ["Visit www.example.com.", "It is nice."]],
  ["--Hello. --World.", ["--Hello.", "--World."]],
  ['She said: "No." (Really.) Yes.', ['She said: "No."', "(Really.)", "Yes."]],
];

describe("accuracy/rouge/punkt-tokenizer", () => {
  test.each(NLTK_SENTENCES)("splits %p as nltk.sent_tokenize does", (text, sentences) => {
    expect(splitSentences(text)).toEqual([...sentences]);
  });
});
