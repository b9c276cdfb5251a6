import { Select } from 'antd';
import type { FormInstance, SelectProps } from 'antd';

/**
 * A cascade of choices, each read for the one above it: client → project → person in charge (the schedule form),
 * client → contacts (the lead forms). The reads are the feature's (its query keys); this holds the selects' part.
 */

/** What a select needs to know of the read of its choices (a TanStack Query result). */
export interface CascadeLookup {
  isFetching: boolean;
  isLoading: boolean;
}

export interface CascadeSelectProps<V> extends Omit<SelectProps<V>, 'loading'> {
  /** The choice above (a client, a project): until it is made this select is disabled. */
  parent: unknown;
  /** The read of this select's choices for `parent`; the select shows it loading while it runs. */
  lookup: CascadeLookup;
  /** What an empty list says once the choice above is made. */
  empty: string;
  /** The placeholder until the choice above is made (`placeholder` when not given). */
  placeholderFirst?: string;
  /** What the list says while its first read runs; without it, antd's own empty list while any read runs. */
  loadingText?: string;
}

/** A select of a cascade: disabled until the choice above is made, searched by label, loading while read. */
export function CascadeSelect<V>({
  parent,
  lookup,
  empty,
  placeholder,
  placeholderFirst,
  loadingText,
  ...props
}: CascadeSelectProps<V>) {
  const reading = loadingText === undefined ? lookup.isFetching : lookup.isLoading;
  return (
    <Select<V>
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={parent ? placeholder : (placeholderFirst ?? placeholder)}
      disabled={!parent}
      notFoundContent={!parent ? undefined : reading ? loadingText : empty}
      {...props}
      loading={lookup.isFetching}
    />
  );
}

/**
 * Clears the choices that hang on a changed one: in `chain`, top first, those below the highest field in
 * `changed` (a form's onValuesChange). Answers the fields it cleared.
 */
export function clearBelow<V>(form: FormInstance<V>, chain: ReadonlyArray<keyof V & string>, changed: Partial<V>) {
  const top = chain.findIndex((name) => name in changed);
  const below = top < 0 ? [] : chain.slice(top + 1);
  if (below.length > 0) form.setFieldsValue(Object.fromEntries(below.map((name) => [name, undefined])) as Partial<V>);
  return below;
}
