// Written for the page's type check (tsc -p web), not part of the vendored
// package: the little of @fluent/bundle that words.js uses. With it, tsc
// reads these declarations instead of checking the vendored code.
export class FluentResource {
  constructor(source: string);
}
export class FluentNumber {
  constructor(value: number, opts?: Intl.NumberFormatOptions);
}
export type FluentVariable = string | number | Date | FluentNumber;
export type Pattern = unknown;
export class FluentBundle {
  constructor(locales: string | string[], options?: { useIsolating?: boolean; functions?: Record<string, unknown> });
  addResource(res: FluentResource, options?: { allowOverrides?: boolean }): Error[];
  hasMessage(id: string): boolean;
  getMessage(id: string): { value: Pattern | null; attributes: Record<string, Pattern> } | undefined;
  formatPattern(pattern: Pattern, args?: Record<string, FluentVariable> | null, errors?: Error[] | null): string;
}
