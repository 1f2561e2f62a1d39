import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

/**
 * What a static page open without login (SPEC section 2) shows to a visitor with no session, when every call it
 * makes needs one: why, and the way to the login.
 */
export function SignInRequired({
  title,
  hint,
  action,
  testId,
}: {
  title: string;
  hint: string;
  action: string;
  testId: string;
}) {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={title}
      subTitle={hint}
      extra={
        <Button type="primary" onClick={() => void navigate('/login')} data-testid={`${testId}-sign-in`}>
          {action}
        </Button>
      }
      data-testid={`${testId}-page-sign-in`}
    />
  );
}
