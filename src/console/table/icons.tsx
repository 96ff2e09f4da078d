import { iconProps } from '../ui/iconProps';

/** Small inline icons of the table (no icon package is installed). */
const base = iconProps({});

export const FilterIcon = () => (
  <svg {...base}>
    <path d="M4 5h16l-6 8v6l-4-2v-4z" />
  </svg>
);

export const DotsIcon = () => (
  <svg {...base}>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </svg>
);

export const ChevronLeftIcon = () => (
  <svg {...base}>
    <path d="M15 6l-6 6 6 6" />
  </svg>
);

export const ChevronRightIcon = () => (
  <svg {...base}>
    <path d="M9 6l6 6-6 6" />
  </svg>
);

export const ColumnsIcon = () => (
  <svg {...base}>
    <path d="M4 4h16v16H4zM10 4v16M16 4v16" />
  </svg>
);

export const SearchIcon = () => (
  <svg {...base}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </svg>
);

export const ResetIcon = () => (
  <svg {...base}>
    <path d="M4 4v6h6" />
    <path d="M5.5 15a7 7 0 1 0 1.5-7.5L4 10" />
  </svg>
);

export const SortAscIcon = () => (
  <svg {...base} width={14} height={14}>
    <path d="M12 19V5M6 11l6-6 6 6" />
  </svg>
);

export const SortDescIcon = () => (
  <svg {...base} width={14} height={14}>
    <path d="M12 5v14M6 13l6 6 6-6" />
  </svg>
);

export const UnsortedIcon = () => (
  <svg {...base} width={14} height={14} opacity={0.45}>
    <path d="M8 9l4-4 4 4M8 15l4 4 4-4" />
  </svg>
);

export const DensityIcon = () => (
  <svg {...base}>
    <path d="M4 6h16M4 10h16M4 14h16M4 18h16" />
  </svg>
);

/** A list with no rows: an empty tray, larger than the toolbar's icons. */
export const EmptyIcon = () => (
  <svg {...base} width={28} height={28} strokeWidth={1.5}>
    <path d="M4 13h3l2 3h6l2-3h3" />
    <path d="M4 13l2.5-7h11l2.5 7v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z" />
  </svg>
);
