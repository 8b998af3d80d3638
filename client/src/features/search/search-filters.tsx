import { ArrowDownUp, RotateCcw } from 'lucide-react';
import type { ResultType } from '@contract/search';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuLabel, DropdownMenuRadioGroup, DropdownMenuRadioItem, DropdownMenuSeparator, DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';
import { FIELD_OPTIONS, ORDER_OPTIONS, TYPE_OPTIONS, type OrderFilter, type SearchFilters, type TypeFilter } from './search-params';

const BEST_MATCH = 'best';

/** A labelled row of chips where exactly one is on. */
function ChipGroup<T extends string>({ label, options, value, onChange, disabled }: {
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  return (
    <div role="radiogroup" aria-label={label} aria-disabled={disabled} className="flex max-w-full min-w-0 flex-col items-start gap-1.5 sm:flex-row sm:items-center sm:gap-2">
      <span className="shrink-0 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{label}</span>
      <div className="flex max-w-full gap-0.5 overflow-x-auto rounded-full bg-muted p-1 [scrollbar-width:none] sm:gap-1">
        {options.map((option) => {
          const checked = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              role="radio"
              aria-checked={checked}
              disabled={disabled}
              onClick={() => onChange(option.value)}
              className={cn(
                'h-7 shrink-0 cursor-pointer rounded-full px-2.5 text-xs sm:px-3 font-medium whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50',
                checked ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}

/** Order: the spec's five, or none (best match for a search, random for Explore). */
function OrderMenu({ value, hasQuery, onChange }: { value: OrderFilter | null; hasQuery: boolean; onChange: (value: OrderFilter | null) => void }) {
  const unset = hasQuery ? 'Best match' : 'Random';
  const label = ORDER_OPTIONS.find((option) => option.value === value)?.label ?? unset;
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="h-9 rounded-full px-3.5" aria-label={`Order: ${label}`}>
          <ArrowDownUp aria-hidden />
          <span className="text-muted-foreground">Order:</span> {label}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-48">
        <DropdownMenuLabel>Order</DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuRadioGroup value={value ?? BEST_MATCH} onValueChange={(next) => onChange(next === BEST_MATCH ? null : (next as OrderFilter))}>
          <DropdownMenuRadioItem value={BEST_MATCH}>{unset}</DropdownMenuRadioItem>
          {ORDER_OPTIONS.map((option) => (
            <DropdownMenuRadioItem key={option.value} value={option.value}>{option.label}</DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/**
 * The three filter groups of Search (Types, Fields, Order) and 'Reset all filters'.
 * Fields choose between users, folders and files, so they apply to a search only: the Explore
 * feed with no query is files.
 */
export function SearchFilterBar({ filters, hasQuery, onChange, onReset }: {
  filters: SearchFilters;
  hasQuery: boolean;
  onChange: (filters: SearchFilters) => void;
  onReset: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-5 gap-y-3" data-testid="search-filters">
      <ChipGroup<TypeFilter> label="Types" options={TYPE_OPTIONS} value={filters.fileType} onChange={(fileType) => onChange({ ...filters, fileType })} />
      <ChipGroup<ResultType>
        label="Fields"
        options={FIELD_OPTIONS}
        value={hasQuery ? filters.resultType : 'files'}
        disabled={!hasQuery}
        onChange={(resultType) => onChange({ ...filters, resultType })}
      />
      <OrderMenu value={filters.sortBy} hasQuery={hasQuery} onChange={(sortBy) => onChange({ ...filters, sortBy })} />
      <Button variant="ghost" size="sm" className="h-9 rounded-full px-3 text-muted-foreground" onClick={onReset}>
        <RotateCcw aria-hidden />
        Reset all filters
      </Button>
    </div>
  );
}
