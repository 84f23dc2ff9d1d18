import type { Candidate } from '../../core/types.js';

/**
 * A variable's value as the script set it. A URL written into a variable is reported where
 * the variable is used in a request (with that request's method); only when no request uses
 * it is the assignment itself reported, so one call never gives two findings.
 */
export interface Binding {
  value: string;
  pending: Candidate[];
  used: boolean;
  /** Bindings this value was built from: using this one uses them too. */
  deps: Binding[];
}

export function binding(value: string, pending: Candidate[] = [], deps: Binding[] = []): Binding {
  return { value, pending, used: false, deps };
}

export function markUsed(b: Binding): void {
  const todo = [b];
  for (let x = todo.pop(); x; x = todo.pop()) {
    if (x.used) continue;
    x.used = true;
    todo.push(...x.deps);
  }
}

/** Variables in scope. Names are compared as given; PowerShell lower-cases its own. */
export class ShellEnv {
  private readonly vars = new Map<string, Binding>();

  constructor(
    private readonly parent?: ShellEnv,
    /** Values from elsewhere (a sourced file's constants, exported make variables), asked last. */
    private readonly fallback?: (name: string) => string | Binding | undefined,
  ) {}

  get(name: string): Binding | undefined {
    const own = this.vars.get(name) ?? this.parent?.get(name);
    if (own) return own;
    const v = this.fallback?.(name);
    return typeof v === 'string' ? binding(v) : v;
  }

  set(name: string, b: Binding): void {
    this.vars.set(name, b);
  }

  child(fallback?: (name: string) => string | Binding | undefined): ShellEnv {
    return new ShellEnv(this, fallback);
  }
}

/** Collects candidates; assignments' own candidates wait until we know nobody used them. */
export class CandidateSink {
  private readonly out: Candidate[] = [];
  private readonly bindings: Binding[] = [];

  add(c: Candidate): void {
    this.out.push(c);
  }

  track(b: Binding): void {
    if (b.pending.length) this.bindings.push(b);
  }

  finish(): Candidate[] {
    const unused = this.bindings.filter((b) => !b.used).flatMap((b) => b.pending);
    return [...this.out, ...unused];
  }
}
