import { LIMITS } from '@sightline/shared';
import { tooLarge } from '../../lib/sizes';

const AVATAR_TYPES = ['image/jpeg', 'image/png'];
const AVATAR_EXTENSIONS = /\.(jpe?g|png)$/i;

export interface FileProblem {
  key: 'fileType' | 'fileTooLarge';
  params: Record<string, string | number>;
}

/** Refuses what the server would refuse, before uploading it: not JPG/PNG, or over 10 MB. */
export function checkAvatarFile(file: { name: string; type: string; size: number }): FileProblem | null {
  const typeOk = AVATAR_TYPES.includes(file.type) || (file.type === '' && AVATAR_EXTENSIONS.test(file.name));
  if (!typeOk) return { key: 'fileType', params: { types: 'JPG, PNG' } };
  const large = tooLarge(file.size, LIMITS.avatarMaxBytes);
  return large ? { key: 'fileTooLarge', params: large } : null;
}
