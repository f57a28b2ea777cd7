import { useSearchParams } from "react-router";
import { AuthLayout } from "../../../components/layout/auth-layout";
import { SignInForm } from "../../../features/account/components/sign-in-form";

export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title="Sign in" description="Manage your fleet of networking devices.">
      <SignInForm continueUrl={params.get("continue_url")} />
    </AuthLayout>
  );
}
