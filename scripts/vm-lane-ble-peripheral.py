#!/usr/bin/env python3
"""The BLE peripheral of the QEMU lane (scripts/vm-lane ble): lane tooling, never a RigKit dependency.

Two Bumble controllers share one in-process link. Controller "kernel" is handed to the guest's
kernel through /dev/vhci (it becomes a new hciN); controller "peripheral" hosts a Bumble device that
advertises NAME and serves service FFF0 with characteristic FFF1 (read, write, notify). When the
central enables notifications, the peripheral notifies once.

usage: vm-lane-ble-peripheral.py NAME   (prints "READY <address>" once advertising)
"""
import asyncio
import sys

from bumble.controller import Controller
from bumble.core import AdvertisingData, PhysicalTransport
from bumble.device import Device
from bumble.gatt import Characteristic, CharacteristicValue, Service
from bumble.hci import Address
from bumble.link import LocalLink

from bumble.transport import open_transport

PERIPHERAL_ADDRESS = 'F0:F1:F2:F3:F4:F5'


class KernelFacingLink(LocalLink):
    """LocalLink delivers LE ACL data as coming from the sender's random address, but the kernel's
    controller connects with its public one, so the peripheral finds no connection for it and drops
    every ATT PDU. Deliver from whichever of the sender's addresses the receiver is connected to."""

    def send_acl_data(self, sender_controller, destination_address, transport, data):
        if transport != PhysicalTransport.LE:
            return super().send_acl_data(sender_controller, destination_address, transport, data)
        receiver = self.find_le_controller(destination_address)
        if receiver is None:
            return
        known = [a for a in (sender_controller.random_address, sender_controller.public_address)
                 if a in receiver.le_connections]
        source = known[0] if known else sender_controller.random_address
        asyncio.get_running_loop().call_soon(receiver.on_link_acl_data, source, transport, data)


def say(*words):
    print('[peripheral]', *words, flush=True)


async def serve(name):
    vhci = await open_transport('vhci')
    link = KernelFacingLink()
    Controller('kernel', host_source=vhci.source, host_sink=vhci.sink, link=link,
               public_address='AA:BB:CC:00:00:01')
    controller = Controller('peripheral', link=link, public_address='AA:BB:CC:00:00:02')
    device = Device.with_hci(name, Address(PERIPHERAL_ADDRESS), controller, controller)

    value = CharacteristicValue(read=lambda _c: b'rigkit-vm-value',
                                write=lambda _c, v: say('write', bytes(v)))
    characteristic = Characteristic(
        'FFF1',
        Characteristic.Properties.READ | Characteristic.Properties.WRITE | Characteristic.Properties.NOTIFY,
        Characteristic.READABLE | Characteristic.WRITEABLE, value)
    device.add_service(Service('FFF0', [characteristic]))

    def on_subscription(connection, _characteristic, notify, _indicate):
        say('notifications', 'on' if notify else 'off')
        if notify:
            asyncio.get_running_loop().create_task(
                device.notify_subscriber(connection, characteristic, b'rigkit-vm-notify', force=True))

    device.on('characteristic_subscription', on_subscription)
    device.on('connection', lambda c: say('connection from', c.peer_address))
    await device.power_on()
    advertising = bytes(AdvertisingData([
        (AdvertisingData.FLAGS, bytes([0x06])),
        (AdvertisingData.COMPLETE_LOCAL_NAME, name.encode()),
    ]))
    await device.start_advertising(advertising_data=advertising, auto_restart=True)
    say('READY', PERIPHERAL_ADDRESS)
    await asyncio.get_running_loop().create_future()


asyncio.run(serve(sys.argv[1] if len(sys.argv) > 1 else 'RIGKIT-VM'))
