import { ElementScope } from './element-scope';
import type { XmlHandler } from './xml-stream';

/**
 * Routes SAX events into the innermost open scope (statement, entry, payment, …): each
 * scope collects only the leaf values of its own subtree, nested scopes keep theirs apart.
 */
export abstract class ScopedHandler implements XmlHandler {
  private readonly scopes: ElementScope[] = [];

  abstract root(local: string, namespace: string): void;
  /** Called for every start tag; opens a scope with `push` where a record begins. */
  protected abstract enter(path: readonly string[], line: number): void;
  protected abstract leave(scope: ElementScope): void;
  abstract xmlError(message: string, line: number): void;
  abstract repaired(count: number, line: number): void;

  end(): void {}

  open(path: readonly string[], attributes: Record<string, string>, line: number): void {
    this.enter(path, line);
    const scope = this.scopes.at(-1);
    if (scope && Object.keys(attributes).length > 0) scope.attributes.set(this.relative(path, scope), attributes);
  }

  close(path: readonly string[], text: string): void {
    const scope = this.scopes.at(-1);
    if (!scope) return;
    if (scope.depth === path.length) {
      this.scopes.pop();
      this.leave(scope);
    } else {
      scope.add(this.relative(path, scope), text);
    }
  }

  protected push(name: string, depth: number, line: number): ElementScope {
    const scope = new ElementScope(name, depth, line);
    this.scopes.push(scope);
    return scope;
  }

  /** Marks the innermost scope as damaged by an XML error; false when no scope is open. */
  protected damageInnermost(message: string): boolean {
    const scope = this.scopes.at(-1);
    if (scope) scope.damaged ??= message;
    return scope !== undefined;
  }

  private relative(path: readonly string[], scope: ElementScope): string {
    return path.slice(scope.depth).join('/');
  }
}
