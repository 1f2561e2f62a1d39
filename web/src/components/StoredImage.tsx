import type { ImgHTMLAttributes } from 'react';
import { Avatar, type AvatarProps } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useFileUrl } from '../api/file-links';

/** An image of the file store (a cover): fetched with a signed link, since an `<img>` sends no header. */
export function StoredImage({ url, ...rest }: Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> & { url: string }) {
  return <img {...rest} src={useFileUrl(url)} />;
}

/** A user's avatar from the file store, the user icon while it loads or when there is none. */
export function StoredAvatar({ url, ...rest }: Omit<AvatarProps, 'src'> & { url: string | null | undefined }) {
  return <Avatar icon={<UserOutlined />} {...rest} src={useFileUrl(url)} />;
}
