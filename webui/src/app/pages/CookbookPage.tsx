import { SavedTab } from '@/features/catalogue/components/SavedTab';
import { CookbookRoute } from '@/features/cookbook/routes/CookbookRoute';
import { ImportedTab } from '@/features/imports/components/ImportedTab';

/** /user-recipes: the cookbook, with the catalogue's saved recipes and the imports in their tabs. */
export function CookbookPage() {
  return <CookbookRoute savedTab={<SavedTab />} importedTab={<ImportedTab />} />;
}
