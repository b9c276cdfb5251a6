import type { Rule } from 'antd/es/form';
import { INVALID_PHONE_MESSAGE, isValidPhone } from '@/components/phone-input';
import type { ContactForm } from './contact-form';

/** The contact form of contact management, or the personnel modal of the client wizard. */
export type ContactVariant = 'contact' | 'personel';

export const CONTACT_MESSAGES = {
  contact: {
    fullname: "Please enter contact's full name.",
    position: "Please enter contact's position.",
    gender: 'Please choose gender',
  },
  personel: {
    fullname: 'Please enter personel full name.',
    position: 'Please enter personel position.',
    gender: 'Please choose personel gender.',
  },
  email: 'Please enter valid email format.',
  phone: INVALID_PHONE_MESSAGE,
  emailOrPhone: 'Please enter either email or phone number.',
  client: 'Please choose client / company',
  positionDash: "Position cannot consist only of '-'.",
  divisionDash: "Division cannot consist only of '-'.",
} as const;

export const GENDER_OPTIONS = [
  { value: 'Male', label: 'Male' },
  { value: 'Female', label: 'Female' },
];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isBlank = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** True for text made of dashes (and spaces) only, such as "-" or "- -". */
export const isOnlyDashes = (value: unknown) => !isBlank(value) && /^[\s-]+$/.test(String(value));

const notOnlyDashes = (message: string): Rule => ({
  validator: (_, value) => (isOnlyDashes(value) ? Promise.reject(new Error(message)) : Promise.resolve()),
});

export interface ContactRules {
  fullname: Rule[];
  position: Rule[];
  gender: Rule[];
  division: Rule[];
  email: Rule[];
  phoneNumber: Rule[];
}

/**
 * The rules of both contact forms (spec §5). `getPhone` reads the phone (for the email field)
 * so the "either email or phone" rule can look at both.
 */
export function contactRules(variant: ContactVariant, getPhone: () => unknown): ContactRules {
  const texts = CONTACT_MESSAGES[variant];
  return {
    fullname: [{ required: true, whitespace: true, message: texts.fullname }],
    position: [{ required: true, whitespace: true, message: texts.position }, notOnlyDashes(CONTACT_MESSAGES.positionDash)],
    gender: [{ required: true, message: texts.gender }],
    division: [notOnlyDashes(CONTACT_MESSAGES.divisionDash)],
    email: [
      {
        validator: (_, value) =>
          isBlank(value) || EMAIL_PATTERN.test(String(value).trim())
            ? Promise.resolve()
            : Promise.reject(new Error(CONTACT_MESSAGES.email)),
      },
      {
        validator: (_, value) =>
          isBlank(value) && isBlank(getPhone())
            ? Promise.reject(new Error(CONTACT_MESSAGES.emailOrPhone))
            : Promise.resolve(),
      },
    ],
    phoneNumber: [
      {
        validator: (_, value) =>
          isBlank(value) || isValidPhone(String(value))
            ? Promise.resolve()
            : Promise.reject(new Error(CONTACT_MESSAGES.phone)),
      },
    ],
  };
}

/** Empty strings become null, and text is trimmed, before a contact is sent. */
function cleanText(value: string | null | undefined): string | null {
  if (value === undefined || value === null) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** The person fields of a contact form as they are sent: names trimmed, empty optional text as null. */
export function cleanPerson(values: ContactForm): Omit<ContactForm, 'id' | 'clientId'> {
  return {
    fullname: values.fullname.trim(),
    nickname: cleanText(values.nickname),
    gender: values.gender,
    position: values.position.trim(),
    division: cleanText(values.division),
    email: cleanText(values.email),
    phoneNumber: cleanText(values.phoneNumber),
    linkedin: cleanText(values.linkedin),
  };
}
