import type { BlockSample } from '../block';
import type { TableCellElement, TableElement, TableRowElement } from './table';

export const sample: BlockSample = {
  type: 'table',
  make: (random): TableElement => {
    const columns = 1 + random.int(3);
    const rows: TableRowElement[] = Array.from({ length: 1 + random.int(3) }, () => ({
      type: 'table-row' as const,
      children: Array.from({ length: columns }, (): TableCellElement => ({
        type: 'table-cell',
        ...(random.next() < 0.3 ? { align: random.pick(['center', 'right'] as const) } : {}),
        children: random.inlines(),
      })),
    }));
    return {
      type: 'table',
      ...(random.next() < 0.5 ? { header: true as const } : {}),
      ...random.maybe('caption'),
      children: rows,
    };
  },
};
