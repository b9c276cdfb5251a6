/** Activity types (spec 2 §3.5, §9): Meeting=1, Presentation=2, Demo=3; the form's route names one by its word. */
export const ACTIVITY_TYPES = [
  { value: 1, label: 'Meeting', slug: 'meeting' },
  { value: 2, label: 'Presentation', slug: 'presentation' },
  { value: 3, label: 'Demo', slug: 'demo' },
] as const;

export type ActivityTypeValue = (typeof ACTIVITY_TYPES)[number]['value'];

export function typeOfSlug(slug: string | undefined) {
  return ACTIVITY_TYPES.find((t) => t.slug === slug?.toLowerCase());
}

/** A call (4) is recorded by the call device (api/calls), never made with the activity form. */
export const CALL_TYPE = { value: 4, label: 'Call' } as const;

export function typeLabel(value: number): string {
  if (value === CALL_TYPE.value) return CALL_TYPE.label;
  return ACTIVITY_TYPES.find((t) => t.value === value)?.label ?? 'Activity';
}

export function typeSlug(value: number): string {
  return ACTIVITY_TYPES.find((t) => t.value === value)?.slug ?? 'meeting';
}

/** The form path for a type on a lead (`quick` opens the second variant, everything optional). */
export function activityFormPath(leadId: number, value: number, quick = false): string {
  return `/leads/${leadId}/activity/add/${typeSlug(value)}${quick ? '?quick=1' : ''}`;
}

/** Each type's colour on the schedule page: an antd tag preset and the calendar's event colour (a solid and a tint). */
export const TYPE_COLORS: Record<number, { tag: string; solid: string; soft: string }> = {
  1: { tag: 'blue', solid: '#1d4ed8', soft: '#eef3ff' },
  2: { tag: 'purple', solid: '#7c3aed', soft: '#f3efff' },
  3: { tag: 'green', solid: '#15803d', soft: '#ecfdf3' },
  4: { tag: 'orange', solid: '#c2410c', soft: '#fff4ed' },
};

export function typeColor(value: number) {
  return TYPE_COLORS[value] ?? TYPE_COLORS[1];
}
