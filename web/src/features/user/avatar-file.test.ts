import { describe, expect, it } from 'vitest';
import { checkAvatarFile } from './avatar-file';

const MB = 1024 * 1024;

describe('checkAvatarFile', () => {
  it('accepts JPG and PNG up to 10 MB, including above the 3 MB hint', () => {
    expect(checkAvatarFile({ name: 'me.jpg', type: 'image/jpeg', size: 2 * MB })).toBeNull();
    expect(checkAvatarFile({ name: 'me.png', type: 'image/png', size: 5 * MB })).toBeNull();
    expect(checkAvatarFile({ name: 'me.PNG', type: '', size: MB })).toBeNull();
  });

  it('refuses other types and files over 10 MB, saying the size', () => {
    expect(checkAvatarFile({ name: 'me.gif', type: 'image/gif', size: MB })).toEqual({
      key: 'fileType',
      params: { types: 'JPG, PNG' },
    });
    expect(checkAvatarFile({ name: 'big.jpg', type: 'image/jpeg', size: 12.5 * MB })).toEqual({
      key: 'fileTooLarge',
      params: { size: '12.5 MB', max: '10 MB' },
    });
  });
});
