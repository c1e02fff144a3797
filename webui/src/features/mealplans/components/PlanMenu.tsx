import { ActionIcon, Menu } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError, type MealPlan, queryKeys } from '@/shared/api';
import { confirmDialog, toast } from '@/shared/ui';
import {
  IconCalendarEvent,
  IconCircleCheck,
  IconDoorExit,
  IconDots,
  IconListDetails,
  IconPencil,
  IconShare,
  IconTrash,
} from '@/shared/ui/icons';
import { ShareDialog } from '@/shared/ui/share-dialog';
import { useDeleteMealPlan, useLeaveMealPlan } from '../api/mealPlans';
import { planActions } from '../lib/plans';
import { PLAN_TEXTS } from '../lib/texts';
import { CompletePlanDialog } from './CompletePlanDialog';
import { IngredientSummaryDialog } from './IngredientSummaryDialog';
import { ScheduleDialog } from './ScheduleDialog';

type Dialog = 'share' | 'schedule' | 'ingredients' | 'complete' | 'confirm';

/** A 401 already signs the user out and goes to /login: no toast then. */
const signedOut = (error: unknown) => isApiError(error) && error.status === 401;

/**
 * The meal plan action menu (part 2 §2, §6): 'edit', 'schedule' and 'complete' with edit rights,
 * 'check ingredients' always, 'share' for own plans, 'delete' (own) or 'remove' (shared) styled
 * destructive. `onGone` runs after the plan was deleted or left; `onDialog` says whether one of
 * the menu's dialogs is open; `beforeDialog` (the editor's pending save) is awaited before one opens.
 */
export function PlanMenu({
  plan,
  onGone,
  onDialog,
  beforeDialog,
}: {
  plan: MealPlan;
  onGone?: () => void;
  onDialog?: (open: boolean) => void;
  beforeDialog?: () => Promise<void>;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const remove = useDeleteMealPlan();
  const leave = useLeaveMealPlan();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const open = async (next: Dialog) => {
    await beforeDialog?.();
    setDialog(next);
  };
  const id = plan.user_mealplan_id;

  useEffect(() => {
    onDialog?.(dialog !== null);
  }, [dialog, onDialog]);
  useEffect(() => () => onDialog?.(false), [onDialog]);

  const onDelete = async () => {
    setDialog('confirm');
    const confirmed = await confirmDialog({ title: PLAN_TEXTS.deleteTitle, description: PLAN_TEXTS.deleteText, danger: true });
    setDialog(null);
    if (!confirmed) return;
    remove.mutate(id, {
      onSuccess: () => {
        toast(PLAN_TEXTS.deleted, 'success');
        onGone?.();
      },
      onError: (error) => {
        if (!signedOut(error)) toast(isApiError(error) ? error.message : PLAN_TEXTS.failed, 'error');
      },
    });
  };

  const onLeave = async () => {
    setDialog('confirm');
    const confirmed = await confirmDialog({
      title: PLAN_TEXTS.leaveTitle(plan.name),
      description: PLAN_TEXTS.leaveText,
      danger: true,
    });
    setDialog(null);
    if (!confirmed) return;
    leave.mutate(id, {
      onSuccess: () => {
        toast(PLAN_TEXTS.removed, 'success');
        onGone?.();
      },
      onError: (error) => {
        if (!signedOut(error)) toast(PLAN_TEXTS.failed, 'error');
      },
    });
  };

  const actions = planActions(plan);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={`actions for ${plan.name}`}
            loading={remove.isPending || leave.isPending}
          >
            <IconDots size={20} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.map((action) => {
            switch (action) {
              case 'edit':
                return (
                  <Menu.Item key={action} leftSection={<IconPencil size={16} />} onClick={() => void navigate(`/user-meal-plans/edit/${id}`)}>
                    edit
                  </Menu.Item>
                );
              case 'schedule':
                return (
                  <Menu.Item key={action} leftSection={<IconCalendarEvent size={16} />} onClick={() => void open('schedule')}>
                    schedule
                  </Menu.Item>
                );
              case 'complete':
                return (
                  <Menu.Item key={action} leftSection={<IconCircleCheck size={16} />} onClick={() => void open('complete')}>
                    complete
                  </Menu.Item>
                );
              case 'check ingredients':
                return (
                  <Menu.Item key={action} leftSection={<IconListDetails size={16} />} onClick={() => void open('ingredients')}>
                    check ingredients
                  </Menu.Item>
                );
              case 'share':
                return (
                  <Menu.Item key={action} leftSection={<IconShare size={16} />} onClick={() => setDialog('share')}>
                    share
                  </Menu.Item>
                );
              case 'delete':
                return (
                  <Menu.Item key={action} color="red" leftSection={<IconTrash size={16} />} onClick={() => void onDelete()}>
                    delete
                  </Menu.Item>
                );
              case 'remove':
                return (
                  <Menu.Item key={action} color="red" leftSection={<IconDoorExit size={16} />} onClick={() => void onLeave()}>
                    remove
                  </Menu.Item>
                );
            }
          })}
        </Menu.Dropdown>
      </Menu>
      {actions.includes('share') && (
        <ShareDialog
          entityId={id}
          entityType="UserMealplan"
          sharedWith={plan.shared_with}
          opened={dialog === 'share'}
          onClose={close}
          onChanged={() => void queryClient.invalidateQueries({ queryKey: queryKeys.mealPlans.all })}
        />
      )}
      {actions.includes('schedule') && <ScheduleDialog plan={plan} opened={dialog === 'schedule'} onClose={close} />}
      {actions.includes('complete') && <CompletePlanDialog plan={plan} opened={dialog === 'complete'} onClose={close} />}
      <IngredientSummaryDialog planId={id} opened={dialog === 'ingredients'} onClose={close} />
    </>
  );
}
