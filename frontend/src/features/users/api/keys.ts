import { queryDomains } from '@/lib/query-domains';

const all = [queryDomains.users] as const;

/** A user's detail (the profile page) and profile pictures by file name. */
export const userKeys = {
  all,
  detail: (userId: number) => [...all, userId, 'detail'] as const,
  picture: (fileName: string) => [queryDomains.profilePictures, fileName] as const,
};
