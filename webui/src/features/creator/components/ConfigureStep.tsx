import { Badge, Fieldset, Group, NativeSelect, NumberInput, Stack, Text } from '@mantine/core';
import { ingredientKey, isCustom, QUANTITY_MAX, type DraftErrors, type DraftIngredient } from '../lib/draft';
import { DEFAULT_UNIT, TREATMENTS, UNITS } from '../lib/options';

const UNIT_DATA = UNITS.map((unit) => ({ value: unit, label: unit }));
const TREATMENT_DATA = [{ value: '', label: 'none' }, ...TREATMENTS.map((word) => ({ value: word, label: word }))];

/** Step 3, 'Configure Ingredients': quantity, measurement and treatment of each ingredient. */
export function ConfigureStep({
  ingredients,
  errors,
  showErrors,
  onChange,
}: {
  ingredients: DraftIngredient[];
  errors: DraftErrors;
  showErrors: boolean;
  onChange: (item: DraftIngredient, patch: Partial<DraftIngredient>) => void;
}) {
  if (ingredients.length === 0) {
    return (
      <Text c={showErrors ? 'red' : 'dimmed'} role={showErrors ? 'alert' : undefined}>
        {errors.ingredients}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {ingredients.map((item) => {
        const quantityError = errors.quantities[ingredientKey(item)];
        return (
          <Fieldset
            key={ingredientKey(item)}
            legend={
              <Group gap="xs">
                <span>{item.name}</span>
                {isCustom(item) && (
                  <Badge color="orange" variant="outline" size="xs">
                    custom
                  </Badge>
                )}
              </Group>
            }
            aria-label={item.name}
            radius="md"
          >
            <Group gap="sm" align="flex-start" grow preventGrowOverflow={false}>
              <NumberInput
                label="quantity"
                min={0}
                max={QUANTITY_MAX}
                decimalScale={3}
                allowNegative={false}
                value={item.quantity}
                onChange={(value) => onChange(item, { quantity: value })}
                error={quantityError}
              />
              <NativeSelect
                label="measurement"
                data={UNIT_DATA}
                value={item.measurement ?? DEFAULT_UNIT}
                onChange={(event) => onChange(item, { measurement: event.currentTarget.value })}
              />
              <NativeSelect
                label="treatment"
                data={TREATMENT_DATA}
                value={item.treatment ?? ''}
                onChange={(event) => onChange(item, { treatment: event.currentTarget.value || null })}
              />
            </Group>
          </Fieldset>
        );
      })}
    </Stack>
  );
}
