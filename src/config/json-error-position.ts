/**
 * @module config/json-error-position — where a JSON text stops being JSON (RFC 8259), for messages that must not quote the text.
 *
 * JavaScriptCore's `JSON.parse` says what it expected but not where, and a flag's JSON may hold a
 * credential, so the message can only point at a character. A small scanner finds the first one
 * that cannot continue a JSON text; it builds nothing, since `JSON.parse` reads the text after.
 */

const WS = new Set([" ", "\t", "\n", "\r"]);
const NUMBER_RE = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const ESCAPE_RE = /["\\/bfnrt]|u[0-9a-fA-F]{4}/y;

class Stop extends Error {
  constructor(readonly at: number) {
    super("not JSON");
  }
}

function scanner(text: string) {
  let i = 0;
  const skip = () => {
    while (i < text.length && WS.has(text[i] as string)) i++;
  };
  const expect = (char: string) => {
    if (text[i] !== char) throw new Stop(i);
    i++;
  };
  const string = () => {
    expect('"');
    while (i < text.length && text[i] !== '"') {
      const code = text.charCodeAt(i);
      if (code < 0x20) throw new Stop(i);
      if (text[i] === "\\") {
        ESCAPE_RE.lastIndex = i + 1;
        if (!ESCAPE_RE.test(text)) throw new Stop(i);
        i = ESCAPE_RE.lastIndex;
      } else i++;
    }
    expect('"');
  };
  const sequence = (close: string, item: () => void) => {
    i++;
    skip();
    if (text[i] === close) return void i++;
    for (;;) {
      item();
      skip();
      if (text[i] === close) return void i++;
      expect(",");
      skip();
    }
  };
  const value = (): void => {
    skip();
    const char = text[i];
    if (char === "{")
      return sequence("}", () => {
        string();
        skip();
        expect(":");
        value();
      });
    if (char === "[") return sequence("]", value);
    if (char === '"') return string();
    for (const word of ["true", "false", "null"]) if (text.startsWith(word, i)) return void (i += word.length);
    NUMBER_RE.lastIndex = i;
    if (!NUMBER_RE.test(text)) throw new Stop(i);
    i = NUMBER_RE.lastIndex;
  };
  return {
    run(): number | null {
      try {
        value();
        skip();
        return i < text.length ? i : null;
      } catch (error) {
        if (error instanceof Stop) return error.at;
        throw error;
      }
    },
  };
}

/** The 0-based offset of the first character that makes `text` not JSON (its length when it ends too soon), or null when it is JSON. */
export function jsonErrorOffset(text: string): number | null {
  return scanner(text).run();
}
