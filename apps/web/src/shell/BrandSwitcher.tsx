import { DEFAULT_ROLE_LABEL } from '@console/contract/roles';
import { Building2, Check, ChevronsUpDown, Globe, Star } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { ALL_BRANDS_ID, ALL_BRANDS_NAME } from '../session/default-brand';
import { useCurrentBrand, useSession } from '../session/hooks';

/** SPEC §2/§4 brand switcher: brands with their role, a favorite star, and 'All Brands' for a super admin. */
export function BrandSwitcher({ onSelected }: { onSelected?: () => void }) {
  const { brands, isSuperAdmin, favoriteBrandId, selectBrand, setFavoriteBrand, clearFavoriteBrand } = useSession();
  const current = useCurrentBrand();
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function choose(id: string) {
    selectBrand(id);
    setOpen(false);
    onSelected?.();
  }

  const currentRole = current && 'role' in current ? current.role : null;
  return (
    <div
      ref={rootRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.preventDefault();
          setOpen(false);
        }
      }}
    >
      <button
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={listId}
        aria-label={`Brand: ${current?.name ?? 'No brand selected'}`}
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center gap-2.5 rounded-lg border border-slate-200 bg-white px-2.5 py-2 text-left shadow-sm hover:border-slate-300"
      >
        <span className="flex size-8 shrink-0 items-center justify-center rounded-md bg-blue-50 text-blue-700">
          {current?.id === ALL_BRANDS_ID ? <Globe aria-hidden="true" size={16} /> : <Building2 aria-hidden="true" size={16} />}
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-semibold text-slate-900">{current?.name ?? 'No brand selected'}</span>
          <span className="block truncate text-xs text-slate-500">
            {current?.id === ALL_BRANDS_ID ? 'System-wide' : roleLabel(currentRole ?? (brands.length ? DEFAULT_ROLE_LABEL : 'No brands'))}
          </span>
        </span>
        <ChevronsUpDown aria-hidden="true" size={16} className="shrink-0 text-slate-400" />
      </button>

      {open && (
        <div id={listId} role="group" aria-label="Brands" className="absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg">
          {isSuperAdmin && (
            <BrandRow
              name={ALL_BRANDS_NAME}
              detail="System-wide"
              icon="all"
              selected={current?.id === ALL_BRANDS_ID}
              onSelect={() => choose(ALL_BRANDS_ID)}
            />
          )}
          {brands.map((brand) => {
            const favorite = favoriteBrandId === brand.id;
            return (
              <BrandRow
                key={brand.id}
                name={brand.name}
                detail={roleLabel(brand.role ?? DEFAULT_ROLE_LABEL)}
                icon="brand"
                selected={current?.id === brand.id}
                onSelect={() => choose(brand.id)}
                favorite={favorite}
                onToggleFavorite={() => (favorite ? clearFavoriteBrand() : setFavoriteBrand(brand.id))}
              />
            );
          })}
          {brands.length === 0 && !isSuperAdmin && <p className="px-3 py-2 text-sm text-slate-500">No brands</p>}
        </div>
      )}
    </div>
  );
}

interface BrandRowProps {
  name: string;
  detail: string;
  icon: 'all' | 'brand';
  selected: boolean;
  onSelect: () => void;
  favorite?: boolean;
  onToggleFavorite?: () => void;
}

function BrandRow({ name, detail, icon, selected, onSelect, favorite, onToggleFavorite }: BrandRowProps) {
  return (
    <div className={`flex items-center gap-1 rounded-md ${selected ? 'bg-blue-50' : 'hover:bg-slate-50'}`}>
      <button type="button" onClick={onSelect} aria-current={selected ? 'true' : undefined} className="flex min-w-0 flex-1 items-center gap-2 px-2 py-2 text-left">
        {icon === 'all' ? <Globe aria-hidden="true" size={15} className="shrink-0 text-slate-500" /> : <Building2 aria-hidden="true" size={15} className="shrink-0 text-slate-500" />}
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-slate-900">{name}</span>
          <span className="block text-xs text-slate-500">{detail}</span>
        </span>
        {selected && <Check aria-hidden="true" size={15} className="shrink-0 text-blue-700" />}
      </button>
      {onToggleFavorite && (
        <button
          type="button"
          onClick={onToggleFavorite}
          aria-pressed={favorite}
          aria-label={favorite ? `Remove ${name} as favorite` : `Set ${name} as favorite`}
          title={favorite ? 'Remove favorite' : 'Set as favorite'}
          className="mr-1 rounded-md p-1.5 text-slate-400 hover:bg-white hover:text-amber-500"
        >
          <Star aria-hidden="true" size={15} className={favorite ? 'fill-amber-400 text-amber-500' : ''} />
        </button>
      )}
    </div>
  );
}

/** 'owner' → 'Owner'. */
function roleLabel(role: string): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}
