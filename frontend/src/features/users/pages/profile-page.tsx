import { CameraOutlined, KeyOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Flex, Row, Skeleton, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/components/dialogs';
import { Page } from '@/components/page';
import { errorMessage } from '@/lib/api/errors';
import { ageFrom, formatDate, genderLabel } from '@/lib/format';
import { sessionQueryKey, useSession } from '@/lib/session';
import { userKeys } from '../api/keys';
import { pictureProblem, PICTURE_TYPES, uploadProfilePicture, userDetailQueryOptions } from '../api/users-api';
import { SecondFactorCard } from '../components/second-factor-card';
import { UserAvatar } from '../components/user-avatar';

/** /user/profile: who I am, my picture, and ways to change my password and to turn two-step sign-in on or off. */
export function ProfilePage() {
  const { user: sessionUser } = useSession();
  const queryClient = useQueryClient();
  const userId = sessionUser?.id;
  const detail = useQuery({ ...userDetailQueryOptions(userId ?? 0), enabled: userId !== undefined });
  const [uploadError, setUploadError] = useState<string | null>(null);

  const upload = useMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: async () => {
      setUploadError(null);
      toast.success('Profile picture updated');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: userKeys.detail(userId ?? 0) }),
      ]);
    },
    onError: (error) => setUploadError(errorMessage(error, 'The picture could not be uploaded')),
  });

  const user = detail.data ?? sessionUser;
  const age = ageFrom(user?.dob);

  return (
    <Page width="full" title="My Profile" subtitle="Your account details as your administrator set them up.">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card variant="borderless" className="profile-card">
            <Flex vertical align="center" gap={8}>
              <UserAvatar user={user} size={112} />
              <Typography.Title level={4} style={{ margin: '8px 0 0' }}>
                {user?.fullname}
              </Typography.Title>
              <Typography.Text type="secondary">@{user?.username}</Typography.Text>
              {user?.roleDescription && <Tag color="blue">{user.roleDescription}</Tag>}
              <Upload
                accept={PICTURE_TYPES.join(',')}
                showUploadList={false}
                maxCount={1}
                beforeUpload={(file) => {
                  const problem = pictureProblem(file);
                  if (problem) {
                    setUploadError(problem);
                    return Upload.LIST_IGNORE;
                  }
                  upload.mutate(file);
                  return false; // the mutation uploads; antd must not
                }}
              >
                <Button icon={<CameraOutlined />} loading={upload.isPending} style={{ marginTop: 8 }}>
                  Change picture
                </Button>
              </Upload>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                PNG, JPEG, WebP or GIF, up to 5 MB
              </Typography.Text>
              {uploadError && (
                <Alert type="error" showIcon title={uploadError} style={{ width: '100%' }} role="alert" />
              )}
            </Flex>
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card
            variant="borderless"
            title="Details"
            extra={
              <Link to={`/user/profile/${userId ?? 'me'}/change-password`}>
                <Button icon={<KeyOutlined />}>Change Password</Button>
              </Link>
            }
          >
            {detail.isPending && !user ? (
              <Skeleton active />
            ) : (
              <>
                {detail.isError && (
                  <Alert
                    type="warning"
                    showIcon
                    title={errorMessage(detail.error, 'Your details could not be loaded')}
                    style={{ marginBottom: 16 }}
                  />
                )}
                <Descriptions column={{ xs: 1, sm: 1, md: 2 }} colon={false} layout="vertical" className="profile-details">
                  <Descriptions.Item label="Full name">{user?.fullname || '-'}</Descriptions.Item>
                  <Descriptions.Item label="Nickname">{user?.nickname || '-'}</Descriptions.Item>
                  <Descriptions.Item label="Username">{user?.username || '-'}</Descriptions.Item>
                  <Descriptions.Item label="Role">{user?.roleDescription || '-'}</Descriptions.Item>
                  <Descriptions.Item label="Tenant">{user?.tenantName || '-'}</Descriptions.Item>
                  <Descriptions.Item label="Team leader">{user?.leaderName || '-'}</Descriptions.Item>
                  <Descriptions.Item label="E-mail">{user?.email || '-'}</Descriptions.Item>
                  <Descriptions.Item label="Phone">{user?.phoneNumber || '-'}</Descriptions.Item>
                  <Descriptions.Item label="Gender">{genderLabel(user?.gender)}</Descriptions.Item>
                  <Descriptions.Item label="Date of birth">
                    {user?.dob ? `${formatDate(user.dob)}${age !== null ? ` (${age} years)` : ''}` : '-'}
                  </Descriptions.Item>
                </Descriptions>
              </>
            )}
          </Card>
          <div style={{ marginTop: 16 }}>
            <SecondFactorCard username={user?.username} />
          </div>
        </Col>
      </Row>
    </Page>
  );
}
