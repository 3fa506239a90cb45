import { Col, Row } from 'antd'
import { profileCards } from './profile-cards.ts'

/** /profile/index: the admin's own account, one card per concern (profile-cards.ts). */
export default function ProfilePage() {
  return (
    <Row gutter={[16, 16]}>
      {profileCards.map(({ key, Card }) => (
        <Col key={key} xs={24} xl={12}>
          <Card />
        </Col>
      ))}
    </Row>
  )
}
