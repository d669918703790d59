import { ProtectedRoute } from '../app/ProtectedRoute';
import { CreateImagePage } from '../features/create-image/components/CreateImagePage';

/** /app has its own header (Back to Dashboard), so it sits outside the site layout with its own guard. */
export default function CreateImageRoute() {
  return (
    <ProtectedRoute>
      <CreateImagePage />
    </ProtectedRoute>
  );
}
