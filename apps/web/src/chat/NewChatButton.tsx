import { Plus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../api/client';
import { isAllBrands, useCurrentBrand } from '../session/hooks';
import { useShell } from '../shell/shell-context';
import { notify } from '../ui/toast';
import { useCreateConversation } from './api';

/** SPEC §4: New Chat creates a conversation at the top of the list and makes it current. */
export function NewChatButton() {
  const navigate = useNavigate();
  const { closeSidebar } = useShell();
  const brand = useCurrentBrand();
  const brandId = brand && !isAllBrands(brand) ? brand.id : null;
  const create = useCreateConversation(brandId);

  async function onClick() {
    if (!brandId) {
      navigate('/');
      closeSidebar();
      return;
    }
    try {
      const conversation = await create.mutateAsync();
      navigate(`/${conversation.id}`);
      closeSidebar();
    } catch (error) {
      notify(errorMessage(error, 'Failed to create conversation'), 'error');
    }
  }

  return (
    <button type="button" onClick={() => void onClick()} disabled={create.isPending} className="btn btn-primary w-full">
      <Plus aria-hidden="true" size={16} />
      New Chat
    </button>
  );
}
