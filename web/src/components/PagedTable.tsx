import { useEffect, type ReactNode } from 'react';
import { Table, type PaginationProps, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Page } from '@sightline/shared';

/** Rows per page of the paged lists. */
export const PAGE_SIZE = 10;

export interface Paging<T> {
  /** The current page's query: the server pages (SPEC `pageNum` and `pageSize`; `records` and `total`). */
  page: { data?: Page<T> | undefined; isFetching: boolean };
  pageNum: number;
  onPageChange: (pageNum: number) => void;
  pageSize?: number;
}

/**
 * The pager of a list the server pages: the total, and a page that follows the list when it shrinks (deleting the
 * last rows of the last page shows the page before, not an empty one).
 */
export function usePagination<T>({ page, pageNum, onPageChange, pageSize = PAGE_SIZE }: Paging<T>): PaginationProps {
  const { t } = useTranslation();
  const total = page.data?.total ?? 0;
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  const beyondTheEnd = page.data !== undefined && !page.isFetching && pageNum > lastPage;
  useEffect(() => {
    if (beyondTheEnd) onPageChange(lastPage);
  }, [beyondTheEnd, lastPage, onPageChange]);
  return {
    current: pageNum,
    pageSize,
    total,
    showSizeChanger: false,
    showTotal: (count) => t('teamUi.common.total', { total: count }),
    onChange: onPageChange,
  };
}

type PagedTableProps<T> = Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'locale'> &
  Paging<T> & { emptyText: ReactNode };

/** A table of a list the server pages: the page's rows under the shared pager. */
export function PagedTable<T extends object>({
  page,
  pageNum,
  onPageChange,
  pageSize,
  emptyText,
  ...table
}: PagedTableProps<T>) {
  const pagination = usePagination({ page, pageNum, onPageChange, pageSize });
  return (
    <Table<T>
      {...table}
      dataSource={page.data?.records ?? []}
      loading={page.isFetching}
      locale={{ emptyText }}
      pagination={pagination}
    />
  );
}
