import { Button, Col, DatePicker, Form, Input, Row, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { DemoPage } from '../shared/DemoPage.tsx'

/** Inputs in each validation state, then a small form whose rules set those states as you type. */
export default function ComponentMixinPage() {
  const { t } = useTranslation()
  const label = (key: string) => t(`demos.components.mixin.${key}`)
  return (
    <DemoPage title={t('demos.components.titles.componentMixin')} intro={label('intro')}>
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form layout="vertical">
            <Form.Item label={label('success')} htmlFor="mixin-success" validateStatus="success" hasFeedback>
              <Input id="mixin-success" defaultValue="admin@example.com" />
            </Form.Item>
            <Form.Item
              label={label('warning')}
              htmlFor="mixin-warning"
              validateStatus="warning"
              hasFeedback
              help={label('warningHelp')}
            >
              <Input id="mixin-warning" defaultValue="admin" />
            </Form.Item>
            <Form.Item
              label={label('error')}
              htmlFor="mixin-error"
              validateStatus="error"
              hasFeedback
              help={label('errorHelp')}
            >
              <Input id="mixin-error" defaultValue="@" />
            </Form.Item>
            <Form.Item
              label={label('validating')}
              htmlFor="mixin-validating"
              validateStatus="validating"
              hasFeedback
            >
              <Input id="mixin-validating" defaultValue={label('checking')} />
            </Form.Item>
          </Form>
        </Col>
        <Col xs={24} md={12}>
          <Form layout="vertical" data-testid="mixin-form">
            <Form.Item
              name="title"
              label={label('title')}
              hasFeedback
              rules={[{ required: true, min: 3, max: 30 }]}
            >
              <Input />
            </Form.Item>
            <Form.Item
              name="email"
              label={label('email')}
              hasFeedback
              rules={[{ required: true, type: 'email' }]}
            >
              <Input />
            </Form.Item>
            <Form.Item name="type" label={label('type')} rules={[{ required: true }]}>
              <Select
                options={['genre', 'model', 'studio'].map((value) => ({
                  value,
                  label: t(`demos.components.mixin.types.${value}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="date" label={label('date')} rules={[{ required: true }]}>
              <DatePicker />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              {label('submit')}
            </Button>
          </Form>
        </Col>
      </Row>
    </DemoPage>
  )
}
