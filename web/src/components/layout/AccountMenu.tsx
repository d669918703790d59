/**
 * The signed-in visitor's account menu in the header. Loaded only once the session check says
 * someone is signed in: the menu machine and its positioning (zag, floating-ui) are not part of
 * the first load of the public pages.
 */
import { useNavigate } from 'react-router-dom';
import { Box, Button, Menu, Portal } from '@chakra-ui/react';

export default function AccountMenu({
  email,
  label,
  onLogout,
}: {
  email: string;
  label: string;
  onLogout: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" maxW="52" aria-label={accountMenuName(label, email)}>
          <Box as="span" truncate>
            {label}
          </Box>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            <Menu.Item value="dashboard" onSelect={() => navigate('/dashboard')}>
              Dashboard
            </Menu.Item>
            <Menu.Item value="settings" onSelect={() => navigate('/settings')}>
              Settings
            </Menu.Item>
            <Menu.Separator />
            <Menu.Item value="logout" onSelect={onLogout}>
              Logout
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/**
 * The menu button's accessible name. It contains the visible text (the first name, or the e-mail
 * address when there is none), so speech input can name the button by what it shows (WCAG 2.5.3,
 * axe's label-content-name-mismatch), and says whose account it is.
 */
function accountMenuName(label: string, email: string): string {
  return label === email ? `Account menu for ${email}` : `${label}: account menu for ${email}`;
}
