import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.users] as const;

/** A user's detail (the profile page), one's second factor, and profile pictures by file name. */
export const userKeys = {
  all,
  detail: (userId: number) => [...all, userId, 'detail'] as const,
  secondFactor: [...all, 'me', 'second-factor'] as const,
  picture: (fileName: string) => [queryDomains.profilePictures, fileName] as const,
};
