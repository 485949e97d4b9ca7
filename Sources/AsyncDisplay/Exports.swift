@_exported import AsyncDisplayCanvas
@_exported import AsyncDisplayExecutors
