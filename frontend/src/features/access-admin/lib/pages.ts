/** A page as the access screens show it: its name, its code, and its address when it has one. */
export interface NamedPage {
  name: string;
  code: string;
  url?: string | null;
}

/** The pages whose name, code or address holds the typed filter (any case); all of them for an empty filter. */
export function pagesMatching<P extends NamedPage>(pages: P[], typed: string): P[] {
  const term = typed.trim().toLowerCase();
  return term ? pages.filter((p) => [p.name, p.code, p.url ?? ''].some((t) => t.toLowerCase().includes(term))) : pages;
}
