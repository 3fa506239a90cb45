import { type ComponentType, createContext, useContext } from 'react'
import type { ResourceDefinition } from './resource-types.ts'

/**
 * The resource a screen works on (react-admin's ResourceContext): its route provides it, so a screen never
 * imports its own resource's registration, and the shared screens serve any resource.
 */
const ResourceContext = createContext<ResourceDefinition | null>(null)

const ResourceProvider = ResourceContext.Provider

export function useResource(): ResourceDefinition {
  const resource = useContext(ResourceContext)
  if (!resource) throw new Error('A resource screen renders outside its resource (no ResourceProvider).')
  return resource
}

/** A routed screen with its resource around it. */
export function withResource(resource: ResourceDefinition, Screen: ComponentType): ComponentType {
  const Routed = () => (
    <ResourceProvider value={resource}>
      <Screen />
    </ResourceProvider>
  )
  Routed.displayName = `${resource.name}:${Screen.displayName ?? Screen.name}`
  return Routed
}
