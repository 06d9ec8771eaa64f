/**
 * @module accuracy/extractors/python-expr/token-cursor — the parser's position in a token list:
 * look ahead, match an operator or a word, and fail with PythonSyntaxError naming the position.
 */
import { PythonSyntaxError } from "./python-ast.ts";
import type { PyToken } from "./tokenize.ts";

export class TokenCursor {
  protected pos = 0;
  constructor(private readonly tokens: PyToken[]) {}

  protected peek(offset = 0): PyToken {
    return this.tokens[Math.min(this.pos + offset, this.tokens.length - 1)] as PyToken;
  }
  protected isOp(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.kind === "op" && token.text === text;
  }
  protected isWord(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token.kind === "name" && token.text === text;
  }
  protected eatOp(text: string): boolean {
    if (!this.isOp(text)) return false;
    this.pos++;
    return true;
  }
  protected eatWord(text: string): boolean {
    if (!this.isWord(text)) return false;
    this.pos++;
    return true;
  }
  protected expectOp(text: string): void {
    if (!this.eatOp(text)) this.fail(`expected '${text}'`);
  }
  protected fail(message: string): never {
    throw new PythonSyntaxError(`${message} at token ${this.pos}`);
  }
}
