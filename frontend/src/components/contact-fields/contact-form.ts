export type Gender = 'Male' | 'Female';

/**
 * What a person form holds: contact management's contact, or a client's personnel in the client wizard
 * (which leaves out `clientId`).
 */
export interface ContactForm {
  id?: number;
  clientId?: number;
  fullname: string;
  nickname?: string | null;
  gender: Gender;
  position: string;
  division?: string | null;
  email?: string | null;
  phoneNumber?: string | null;
  linkedin?: string | null;
}
