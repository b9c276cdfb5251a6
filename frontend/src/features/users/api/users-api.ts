import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, unwrap, type JsonBody } from '@/lib/api/client';
import { multipart, type MultipartBody } from '@/lib/api/multipart';
import { userKeys } from './keys';

export const userDetailQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: userKeys.detail(userId),
    queryFn: () => unwrap(api.GET('/users/{user_id}/detail', { params: { path: { user_id: userId } } })),
  });

/** Profile pictures need the bearer token, so they are fetched as blobs. */
export const profilePictureQueryOptions = (fileName: string) =>
  queryOptions({
    queryKey: userKeys.picture(fileName),
    queryFn: async () => {
      const { data, response } = await api.GET('/profile-pictures/{file_name}', {
        params: { path: { file_name: fileName } },
        parseAs: 'blob',
      });
      if (!response.ok || !data) throw new Error(`Picture ${fileName} could not be loaded`);
      return data as Blob;
    },
    staleTime: Infinity,
    retry: 1,
    refetchOnWindowFocus: false,
  });

/** An object URL for the user's picture (null while loading, on error, or without one). */
export function useProfilePictureUrl(fileName: string | null | undefined): string | null {
  const { data } = useQuery({ ...profilePictureQueryOptions(fileName ?? ''), enabled: Boolean(fileName) });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!data || !fileName) {
      setUrl(null);
      return undefined;
    }
    const objectUrl = URL.createObjectURL(data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [data, fileName]);
  return url;
}

export const PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** Why a file cannot be a profile picture, or null when it can. */
export function pictureProblem(file: { type: string; size: number }): string | null {
  if (!PICTURE_TYPES.includes(file.type)) return 'Only PNG, JPEG, WebP or GIF images can be uploaded.';
  if (file.size > PICTURE_MAX_BYTES) return 'The picture must be 5 MB or smaller.';
  return null;
}

export function uploadProfilePicture(file: File) {
  return unwrap(
    api.POST('/users/me/profile-picture', multipart<MultipartBody<'/users/me/profile-picture', 'post'>>({ file })),
  );
}

export type ChangeOwnPasswordInput = JsonBody<'/users/me/change-password', 'put'>;

export function changeOwnPassword(body: ChangeOwnPasswordInput) {
  return unwrap(api.PUT('/users/me/change-password', { body }));
}
